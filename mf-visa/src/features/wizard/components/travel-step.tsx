import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_INPUT_MAX, earliestExitDeadline, TRANSPORT_AIR, type Invoice, type Lookup } from '@varco/contracts';
import { LoadError } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useAirports } from '../api/get-airports';
import { useDestinationCountries } from '../api/get-destination-countries';
import { useFreeZones } from '../api/get-free-zones';
import { useTypology } from '../api/get-typology';
import { useUsableInvoices } from '../api/get-usable-invoices';
import { useUserInfo } from '../api/get-user-info';
import type { WizardDraft } from '../hooks/use-wizard-draft';
import { hourOptions, minDepartureDay, minuteOptions } from '../utils/rome-clock';
import {
  changeTravel,
  fromTravel,
  isRequired,
  isVisible,
  toTravel,
  travelIssue,
  travelIssues,
  TRAVEL_FIELDS,
  withProfileDocument,
  type ProfileDocument,
  type TravelContext,
  type TravelField,
  type TravelIssue,
  type TravelValues,
} from '../utils/travel-form';
import { CheckboxField, InputField, SelectField, type SelectOption } from './travel-fields';

interface TravelStepProps {
  draft: WizardDraft;
  onSave: (draft: WizardDraft) => void;
  onNext: () => void;
  onBack: () => void;
  /** The request's own invoices when it is being modified (no longer among the usable ones). */
  ownInvoices?: ReadonlyArray<Invoice>;
}

const NO_INVOICES: ReadonlyArray<Invoice> = [];

type Issues = Partial<Record<TravelField, TravelIssue>>;

const toOptions = (lookups: ReadonlyArray<Lookup> | undefined): SelectOption[] => (lookups ?? []).map((item) => ({ value: item.code, label: item.description }));
const pad = (value: number) => String(value).padStart(2, '0');

/** The numbers offered, plus the value held if it is not among them (a saved draft gone stale): the select shows it and the check tells why it is wrong. */
function timeOptions(offered: number[], held: string): SelectOption[] {
  const numbers = held !== '' && !offered.includes(Number(held)) ? [Number(held), ...offered] : offered;
  return numbers.map((value) => ({ value: String(value), label: pad(value) }));
}

/**
 * Wizard step 2: the travel details with every rule of SPEC §5 (Visa step 2). Fields are checked when they lose
 * focus and all together on Next, which saves the travel in the draft. The clock is read at each render, in Rome.
 */
export function TravelStep({ draft, onSave, onNext, onBack, ownInvoices = NO_INVOICES }: TravelStepProps) {
  const { t } = useTranslation(NS);
  const idPrefix = useId();
  const [values, setValues] = useState<TravelValues>(() => fromTravel(draft.travel));
  const [issues, setIssues] = useState<Issues>({});
  const now = new Date();

  // The departure cannot pass the earliest exit deadline of the selected invoices (the api's rule, told here).
  const usable = useUsableInvoices();
  const context = useMemo<TravelContext>(() => {
    const selected = [...ownInvoices, ...(usable.data?.invoices ?? [])].filter((invoice) => draft.invoices.includes(invoice.idRichiestaRimborso));
    const earliest = earliestExitDeadline(selected);
    return { exitDeadline: earliest ? { day: earliest.exitDeadline, invoiceNumber: earliest.invoiceNumber } : undefined };
  }, [ownInvoices, usable.data, draft.invoices]);

  // The document fields start with the traveler's own document (the profile's), which they can change.
  const profile = useUserInfo().data;
  const profileDocument = useMemo<ProfileDocument | undefined>(
    () => (profile ? { documentType: profile.tipoDocumentoCodice, documentNumber: profile.numeroDocumento } : undefined),
    [profile],
  );
  useEffect(() => {
    // The profile may arrive after the document fields have appeared.
    setValues((current) => withProfileDocument(current, profileDocument));
  }, [profileDocument]);

  const transports = useTypology('TRANSPORT_TYPE');
  const documents = useTypology('DOCUMENT_TYPE');
  const countries = useDestinationCountries();
  const freeZones = useFreeZones(values.destinationCountry);
  const air = values.transportType === TRANSPORT_AIR;
  const airports = useAirports(values.destinationCountry, air);
  const lookupFailed = transports.isError || documents.isError || countries.isError || freeZones.isError || airports.isError;

  const fieldId = (field: TravelField) => `${idPrefix}${field}`;

  function change(field: TravelField, value: string) {
    let next = changeTravel(values, field, value, profileDocument);
    // A new hour keeps the minutes only while they are still offered.
    if (field === 'hour' && next.minutes !== '' && (value === '' || !minuteOptions(next.departureDate, Number(value), new Date()).includes(Number(next.minutes))))
      next = { ...next, minutes: '' };
    setValues(next);
    setIssues((previous) => {
      const kept: Issues = {};
      for (const name of Object.keys(previous) as TravelField[]) {
        // Fields emptied by the change (a reset) lose their issue; the others are checked again.
        if (name !== field && next[name] !== values[name]) continue;
        const issue = travelIssue(name, next, new Date(), context);
        if (issue) kept[name] = issue;
      }
      return kept;
    });
  }

  function blur(field: TravelField) {
    setIssues((previous) => {
      const issue = travelIssue(field, values, new Date(), context);
      const next = { ...previous };
      if (issue) next[field] = issue;
      else delete next[field];
      return next;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checkedAt = new Date();
    const found = travelIssues(values, checkedAt, context);
    setIssues(found);
    const first = TRAVEL_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    const travel = toTravel(values, checkedAt, context);
    if (!travel) return;
    onSave({ ...draft, travel });
    onNext();
  }

  function back() {
    // What is complete is kept; an unfinished form leaves the saved travel as it was.
    const travel = toTravel(values, new Date(), context);
    if (travel) onSave({ ...draft, travel });
    onBack();
  }

  const bind = (field: TravelField) => ({
    id: fieldId(field),
    value: values[field],
    required: isRequired(field, values),
    issue: issues[field] ?? null,
    onChange: (value: string) => change(field, value),
    onBlur: () => blur(field),
    context,
  });

  const validDate = values.departureDate !== '' && values.departureDate <= DATE_INPUT_MAX;
  const hours = timeOptions(validDate ? hourOptions(values.departureDate, now) : [], values.hour);
  const minutes = timeOptions(validDate && values.hour !== '' ? minuteOptions(values.departureDate, Number(values.hour), now) : [], values.minutes);
  const noAirports = air && airports.isSuccess && airports.data.length === 0;

  return (
    <section aria-labelledby="wizard-step-title">
      <h2 className="h4" id="wizard-step-title">
        {t('wizard.step2Title')}
      </h2>
      <p>{t('travel.lead')}</p>
      {lookupFailed ? <LoadError message={t('travel.lookupError')} /> : null}
      <form noValidate onSubmit={submit} data-testid="travel-form">
        <fieldset className="mb-3">
          <legend className="h6 mb-4">{t('travel.transportLegend')}</legend>
          <SelectField {...bind('transportType')} label={t('travel.fields.transportType')} options={toOptions(transports.data)} hint={t('travel.transportHint')} />
          {isVisible('crewMember', values) ? <CheckboxField {...bind('crewMember')} label={t('travel.fields.crewMember')} /> : null}
          {isVisible('documentType', values) ? (
            <div className="row">
              <div className="col-md-6">
                <SelectField {...bind('documentType')} label={t('travel.fields.documentType')} options={toOptions(documents.data)} />
              </div>
              <div className="col-md-6">
                <InputField {...bind('documentNumber')} label={t('travel.fields.documentNumber')} autoComplete="off" />
              </div>
            </div>
          ) : null}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6 mb-4">{t('travel.destinationLegend')}</legend>
          <div className="row">
            <div className="col-md-6">
              <SelectField {...bind('destinationCountry')} label={t('travel.fields.destinationCountry')} options={toOptions(countries.data)} />
            </div>
            <div className="col-md-6">
              <SelectField {...bind('destinationFreeZone')} label={t('travel.fields.destinationFreeZone')} options={toOptions(freeZones.data)} />
            </div>
          </div>
          {air ? (
            <div className="row">
              <div className="col-md-6">
                <InputField {...bind('flightNumber')} label={t('travel.fields.flightNumber')} autoComplete="off" />
              </div>
              <div className="col-md-6">
                <SelectField
                  {...bind('destinationAirport')}
                  label={t('travel.fields.destinationAirport')}
                  options={toOptions(airports.data)}
                  hint={noAirports ? t('travel.noAirports') : values.destinationCountry === '' ? t('travel.airportHint') : undefined}
                />
              </div>
            </div>
          ) : null}
        </fieldset>
        <fieldset className="mb-3">
          <legend className="h6 mb-4">{t('travel.departureLegend')}</legend>
          <div className="row">
            <div className="col-md-6">
              <InputField {...bind('departureDate')} type="date" label={t('travel.fields.departureDate')} min={minDepartureDay(now)} max={DATE_INPUT_MAX} hint={t('travel.timeZoneHint')} />
            </div>
            <div className="col-6 col-md-3">
              <SelectField {...bind('hour')} label={t('travel.fields.hour')} options={hours} />
            </div>
            <div className="col-6 col-md-3">
              <SelectField {...bind('minutes')} label={t('travel.fields.minutes')} options={minutes} />
            </div>
          </div>
        </fieldset>
        <p className="small">{t('travel.requiredNote')}</p>
        <div className="d-flex flex-wrap gap-2 mt-3">
          <button type="button" className="btn btn-outline-primary" onClick={back}>
            {t('wizard.back')}
          </button>
          <button type="submit" className="btn btn-primary">
            {t('wizard.next')}
          </button>
        </div>
      </form>
    </section>
  );
}
