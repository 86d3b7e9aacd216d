import type { Travel } from '@varco/contracts';
import {
  EMPTY_TRAVEL,
  isTravelFieldShown,
  romeToUtcIso,
  travelIssues,
  travelValuesOf,
  type TravelContext,
  type TravelField,
  type TravelValues,
} from '@varco/contracts/travel-details';

/** The traveler's own identity document (the profile's), offered in the document fields. */
export interface ProfileDocument {
  documentType: string;
  documentNumber: string;
}

/** The document fields, when they are shown and still empty, filled with the profile's document. */
export function withProfileDocument(values: TravelValues, profile: ProfileDocument | undefined): TravelValues {
  if (
    !profile ||
    !isTravelFieldShown('documentType', values) ||
    values.documentType !== '' ||
    values.documentNumber !== ''
  )
    return values;
  return { ...values, documentType: profile.documentType, documentNumber: profile.documentNumber };
}

/**
 * The values after `field` changed (`values` hold its new value already): changing the transport resets the form;
 * changing the date clears hour and minutes; and what depends on a field goes with it. Document fields that appear
 * empty get the traveler's own document from `profile`.
 */
export function changeTravel(values: TravelValues, field: TravelField, profile?: ProfileDocument): TravelValues {
  if (field === 'transportType')
    return withProfileDocument({ ...EMPTY_TRAVEL, transportType: values.transportType }, profile);
  if (field === 'departureDate') return { ...values, hour: '', minutes: '' };
  if (field === 'destinationCountry') return { ...values, destinationFreeZone: '', destinationAirport: '' };
  if (field === 'crewMember')
    return values.crewMember
      ? { ...values, documentType: '', documentNumber: '' }
      : withProfileDocument(values, profile);
  return values;
}

/** The travel part of the request body (docs/calls.md): hidden fields are null, travelDate is the UTC instant. Null if not valid. */
export function toTravel(values: TravelValues, context: TravelContext): Travel | null {
  if (Object.keys(travelIssues(values, context)).length > 0) return null;
  const travelDate = romeToUtcIso(values.departureDate, Number(values.hour), Number(values.minutes));
  if (travelDate === null) return null;
  const shown = (field: Exclude<TravelField, 'crewMember'>) =>
    isTravelFieldShown(field, values) && values[field].trim() !== '' ? values[field].trim() : null;
  return {
    transportType: values.transportType,
    crewMember: isTravelFieldShown('crewMember', values) && values.crewMember,
    travelDate,
    travelDocType: shown('documentType'),
    travelDocNumber: shown('documentNumber'),
    destinationCountry: values.destinationCountry,
    destinationFreeZone: shown('destinationFreeZone'),
    flightNumber: shown('flightNumber'),
    destinationAirport: shown('destinationAirport'),
  };
}

/** The form values of a saved travel (the draft, or the request being modified): its date and time as a wall time in Rome. */
export function fromTravel(travel: Travel | null): TravelValues {
  return travel ? travelValuesOf(travel) : EMPTY_TRAVEL;
}
