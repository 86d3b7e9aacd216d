import { TrafficLight, VisaState, type ServerLanguage, type Visa } from '@varco/contracts';
import { translate, type MessageKey } from '../../i18n/messages';
import { describeRiskReason } from '../risk';
import type { VisaRow } from './repository';

/** The states whose QR code the traveler is shown (pending, in completion, customs check). */
export const QR_STATES: readonly number[] = [VisaState.PENDING, VisaState.IN_COMPLETION, VisaState.CUSTOMS_CHECK];

/** The PDF's file name: the request code, which the traveler knows the request by (the page shows it, not the id). */
export const visaPdfFilename = (requestCode: string) => `visa-request-${requestCode.replace(/[^\w.-]+/g, '_')}.pdf`;

const STATE_KEYS: Readonly<Record<number, MessageKey>> = {
  [VisaState.PENDING]: 'visa.state.pending',
  [VisaState.EXPIRED]: 'visa.state.expired',
  [VisaState.CUSTOMS_CHECK]: 'visa.state.customsCheck',
  [VisaState.IN_COMPLETION]: 'visa.state.inCompletion',
  [VisaState.COMPLETED]: 'visa.state.completed',
};

/** A request state's description in `language`, as the traveler and the exit point read it. */
export function visaStateDescription(stateCode: number, language: ServerLanguage): string {
  return translate(language, STATE_KEYS[stateCode] ?? 'visa.state.other');
}

const LIGHT_KEYS: Readonly<Record<number, MessageKey>> = {
  [TrafficLight.GREEN]: 'visa.light.green',
  [TrafficLight.YELLOW]: 'visa.light.yellow',
  [TrafficLight.RED]: 'visa.light.red',
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const coded = (code: string | null, description: string | null) =>
  code === null ? null : { code, description: description ?? code };

/** A request as docs/domain.md shows it, texts in `language`; `extras` adds the detail's invoices and QR code. */
export function toVisa(row: VisaRow, language: ServerLanguage, extras: Pick<Visa, 'invoices' | 'qrCode'> = {}): Visa {
  const reasons = row.risk_reasons ?? [];
  const light = row.risk_result;
  const message =
    light === null
      ? null
      : reasons.length > 0
        ? reasons.map((reason) => describeRiskReason(reason, language)).join(' ')
        : translate(language, LIGHT_KEYS[light] ?? 'visa.state.other');
  return {
    idRichiesta: row.id,
    visaRequestId: row.public_id,
    requestCode: row.request_code,
    requestDate: row.created_at.toISOString(),
    totalAmount: round2(row.total_amount),
    totalInvoices: row.total_invoices,
    stateCode: row.state_code,
    stateDescription: visaStateDescription(row.state_code, language),
    ...extras,
    meansOfTransport: { code: row.transport_type, description: row.transport_label },
    crewMember: row.crew_member,
    travelDate: row.travel_date.toISOString(),
    travelDocType: coded(row.travel_doc_type, row.travel_doc_label),
    travelDocNumber: row.travel_doc_number,
    destinationCountry: { code: row.destination_country, description: row.destination_country_label },
    destinationAirport: coded(row.destination_airport, row.destination_airport_label),
    destinationFreeZone: coded(row.destination_free_zone, row.destination_free_zone_label),
    flightNumber: row.flight_number,
    // The risk analysis runs whole within the call that starts it (the traveler's, or the exit point's scan): no
    // request is ever seen waiting for its result. A pending request waits for the exit point, not for an analysis.
    visaToBeAnalysed: false,
    riskAnalysis: { showTrafficLight: light !== null, codeAnalysisResult: light, message },
  };
}
