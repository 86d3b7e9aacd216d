import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DATE_INPUT_MAX,
  earliestExitDeadline,
  isIsoDay,
  MIN_TEXT_LENGTH,
  TRANSPORT_AIR,
  TRAVEL_DOC_NUMBER_MAX_LENGTH,
  type Invoice,
  type Lookup,
  type RuleIssue,
} from '@varco/contracts';
import {
  hourOptions,
  isTravelFieldRequired,
  isTravelFieldShown,
  minDepartureDay,
  minuteOptions,
  TRAVEL_FIELDS,
  travelDetailsSchema,
  type TravelContext,
  type TravelField,
  type TravelValues,
} from '@varco/contracts/travel-details';
import { ChevronIcon, formatDate, LoadError } from '@varco/ui';
import {
  CheckboxField,
  FormProvider,
  IssueTextProvider,
  SelectField,
  TextField,
  useRuleForm,
  type IssueText,
  type SelectOption,
} from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';
import { useAirports } from '../api/get-airports';
import { useDestinationCountries } from '../api/get-destination-countries';
import { useFreeZones } from '../api/get-free-zones';
import { useTypology } from '../api/get-typology';
import { useUsableInvoices } from '../../visa';
import { useUserInfo } from '../api/get-user-info';
import type { WizardDraft } from '../hooks/use-wizard-draft';
import { changeTravel, fromTravel, toTravel, withProfileDocument, type ProfileDocument } from '../utils/travel-values';

interface TravelStepProps {
  draft: WizardDraft;
  onSave: (draft: WizardDraft) => void;
  onNext: () => void;
  onBack: () => void;
  /** The request's own invoices when it is being modified (no longer among the usable ones). */
  ownInvoices?: ReadonlyArray<Invoice>;
}

const NO_INVOICES: ReadonlyArray<Invoice> = [];

const toOptions = (lookups: ReadonlyArray<Lookup> | undefined): SelectOption[] =>
  (lookups ?? []).map((item) => ({ value: item.code, label: item.description }));
const pad = (value: number) => String(value).padStart(2, '0');

/** The numbers offered, plus the value held if it is not among them (a saved draft gone stale): the select shows it and the check tells why it is wrong. */
function timeOptions(offered: number[], held: string): SelectOption[] {
  const numbers = held !== '' && !offered.includes(Number(held)) ? [Number(held), ...offered] : offered;
  return numbers.map((value) => ({ value: String(value), label: pad(value) }));
}

/** The values a change of `field` brings to the others (see changeTravel); a new hour keeps the minutes only while still offered. */
function dependentChanges(
  values: TravelValues,
  field: TravelField,
  profile: ProfileDocument | undefined,
): Partial<TravelValues> {
  const next = changeTravel(values, field, profile);
  if (
    field === 'hour' &&
    next.minutes !== '' &&
    (next.hour === '' ||
      !minuteOptions(next.departureDate, Number(next.hour), new Date()).includes(Number(next.minutes)))
  )
    next.minutes = '';
  return Object.fromEntries(
    TRAVEL_FIELDS.filter((name) => name !== field && next[name] !== values[name]).map((name) => [name, next[name]]),
  );
}

/**
 * Wizard step 2: the travel details with every rule of docs/domain.md (Visa step 2, travelDetailsSchema of @varco/contracts).
 * Fields are checked when they lose focus and all together on Next, which saves the travel in the draft. The clock
 * is read at each check and each render, in Rome.
 */
export function TravelStep({ draft, onSave, onNext, onBack, ownInvoices = NO_INVOICES }: TravelStepProps) {
  const { t, i18n } = useTranslation(NS);
  const now = new Date();

  // The departure cannot pass the earliest exit deadline of the selected invoices (the api's rule, told here).
  const usable = useUsableInvoices();
  const exitDeadline = useMemo(() => {
    const selected = [...ownInvoices, ...(usable.data?.invoices ?? [])].filter((invoice) =>
      draft.invoices.includes(invoice.idRichiestaRimborso),
    );
    const earliest = earliestExitDeadline(selected);
    return earliest ? { day: earliest.exitDeadline, invoiceNumber: earliest.invoiceNumber } : undefined;
  }, [ownInvoices, usable.data, draft.invoices]);
  const deadlineRef = useRef(exitDeadline);
  deadlineRef.current = exitDeadline;
  const context = useCallback((): TravelContext => ({ now: new Date(), exitDeadline: deadlineRef.current }), []);
  const schema = useMemo(() => travelDetailsSchema(context), [context]);
  const form = useRuleForm(schema, fromTravel(draft.travel));
  const values = useWatch({ control: form.control }) as TravelValues;

  // The document fields start with the traveler's own document (the profile's), which they can change.
  const profile = useUserInfo().data;
  const profileDocument = useMemo<ProfileDocument | undefined>(
    () =>
      profile ? { documentType: profile.tipoDocumentoCodice, documentNumber: profile.numeroDocumento } : undefined,
    [profile],
  );
  const profileRef = useRef(profileDocument);
  profileRef.current = profileDocument;

  const { getValues, setValue, clearErrors, trigger, watch, getFieldState } = form;
  /** Sets values from code: the fields they empty or fill lose their issue. */
  const setFields = useCallback(
    (changes: Partial<TravelValues>) => {
      for (const [name, value] of Object.entries(changes) as Array<[TravelField, string | boolean]>)
        setValue(name, value);
      clearErrors(Object.keys(changes) as TravelField[]);
    },
    [setValue, clearErrors],
  );
  useEffect(() => {
    // The profile may arrive after the document fields have appeared.
    const current = getValues();
    const filled = withProfileDocument(current, profileDocument);
    if (filled !== current) setFields({ documentType: filled.documentType, documentNumber: filled.documentNumber });
  }, [profileDocument, getValues, setFields]);

  // What depends on a field follows its changes; the fields with an issue are checked again.
  useEffect(() => {
    const subscription = watch((current, { name, type }) => {
      if (type !== 'change' || !name) return;
      setFields(dependentChanges(current as TravelValues, name, profileRef.current));
      const wrong = TRAVEL_FIELDS.filter((field) => getFieldState(field).error);
      if (wrong.length > 0) void trigger(wrong);
    });
    return () => subscription.unsubscribe();
  }, [watch, setFields, trigger, getFieldState]);

  const issueText = useCallback<IssueText>(
    (issue: RuleIssue, language) => {
      switch (issue.code) {
        case 'minLength':
          return t('validation.minLength', { length: MIN_TEXT_LENGTH });
        case 'maxLength':
          return t('validation.maxLength', { length: TRAVEL_DOC_NUMBER_MAX_LENGTH });
        case 'afterDeadline':
          return t('validation.afterDeadline', {
            deadline: formatDate(String(issue.day), language),
            number: issue.invoiceNumber,
          });
        case 'empty':
          return t('validation.empty');
        case 'date':
          return t('validation.date');
        case 'futureDate':
          return t('validation.futureDate');
        case 'flightNumber':
          return t('validation.flightNumber');
        case 'destinationInEu':
          return t('validation.destinationInEu');
        case 'controlCharacter':
          return t('validation.controlCharacter');
        default:
          return t('validation.required');
      }
    },
    [t],
  );

  const transports = useTypology('TRANSPORT_TYPE');
  const documents = useTypology('DOCUMENT_TYPE');
  const countries = useDestinationCountries();
  const freeZones = useFreeZones(values.destinationCountry);
  const air = values.transportType === TRANSPORT_AIR;
  const airports = useAirports(values.destinationCountry, air);
  const lookupFailed =
    transports.isError || documents.isError || countries.isError || freeZones.isError || airports.isError;

  const submit = form.handleSubmit((valid) => {
    const travel = toTravel(valid, context());
    if (!travel) return;
    onSave({ ...draft, travel });
    onNext();
  });

  function back() {
    // What is complete is kept; an unfinished form leaves the saved travel as it was.
    const travel = toTravel(getValues(), context());
    if (travel) onSave({ ...draft, travel });
    onBack();
  }

  // Each label written out: a translation key is never built at run time (the key check finds them all).
  const labels: Record<TravelField, string> = {
    transportType: t('travel.fields.transportType'),
    crewMember: t('travel.fields.crewMember'),
    documentType: t('travel.fields.documentType'),
    documentNumber: t('travel.fields.documentNumber'),
    destinationCountry: t('travel.fields.destinationCountry'),
    destinationFreeZone: t('travel.fields.destinationFreeZone'),
    flightNumber: t('travel.fields.flightNumber'),
    destinationAirport: t('travel.fields.destinationAirport'),
    departureDate: t('travel.fields.departureDate'),
    hour: t('travel.fields.hour'),
    minutes: t('travel.fields.minutes'),
  };
  const field = (name: TravelField) => ({ name, label: labels[name], required: isTravelFieldRequired(name, values) });
  const choice = (name: TravelField) => ({ ...field(name), placeholder: t('travel.choose') });

  const validDate = values.departureDate !== '' && values.departureDate <= DATE_INPUT_MAX;
  const hours = timeOptions(validDate ? hourOptions(values.departureDate, now) : [], values.hour);
  const minutes = timeOptions(
    validDate && values.hour !== '' ? minuteOptions(values.departureDate, Number(values.hour), now) : [],
    values.minutes,
  );
  const noAirports = air && airports.isSuccess && airports.data.length === 0;

  return (
    <section aria-labelledby="wizard-step-title">
      <h2 className="h4" id="wizard-step-title">
        {t('wizard.step2Title')}
      </h2>
      <p>{t('travel.lead')}</p>
      {lookupFailed ? <LoadError message={t('travel.lookupError')} /> : null}
      <IssueTextProvider text={issueText}>
        <FormProvider {...form}>
          <form noValidate onSubmit={submit} data-testid="travel-form">
            <fieldset className="mb-3">
              <legend className="h6 mb-4">{t('travel.transportLegend')}</legend>
              <SelectField
                {...choice('transportType')}
                options={toOptions(transports.data)}
                hint={t('travel.transportHint')}
              />
              {isTravelFieldShown('crewMember', values) ? (
                <CheckboxField name="crewMember" label={t('travel.fields.crewMember')} />
              ) : null}
              {isTravelFieldShown('documentType', values) ? (
                <div className="row">
                  <div className="col-md-6">
                    <SelectField {...choice('documentType')} options={toOptions(documents.data)} />
                  </div>
                  <div className="col-md-6">
                    <TextField {...field('documentNumber')} autoComplete="off" />
                  </div>
                </div>
              ) : null}
            </fieldset>
            <fieldset className="mb-3">
              <legend className="h6 mb-4">{t('travel.destinationLegend')}</legend>
              <div className="row">
                <div className="col-md-6">
                  <SelectField {...choice('destinationCountry')} options={toOptions(countries.data)} />
                </div>
                <div className="col-md-6">
                  <SelectField {...choice('destinationFreeZone')} options={toOptions(freeZones.data)} />
                </div>
              </div>
              {air ? (
                <div className="row">
                  <div className="col-md-6">
                    <TextField {...field('flightNumber')} autoComplete="off" />
                  </div>
                  <div className="col-md-6">
                    <SelectField
                      {...choice('destinationAirport')}
                      options={toOptions(airports.data)}
                      hint={
                        noAirports
                          ? t('travel.noAirports')
                          : values.destinationCountry === ''
                            ? t('travel.airportHint')
                            : undefined
                      }
                    />
                  </div>
                </div>
              ) : null}
            </fieldset>
            <fieldset className="mb-3">
              <legend className="h6 mb-4">{t('travel.departureLegend')}</legend>
              <div className="row">
                <div className="col-md-6">
                  <TextField
                    {...field('departureDate')}
                    type="date"
                    min={minDepartureDay(now)}
                    max={DATE_INPUT_MAX}
                    hint={
                      // The browser's date control writes the day in the device's language and order (03/04 may be
                      // either day): the day chosen is written out again in the page's language.
                      validDate && isIsoDay(values.departureDate)
                        ? t('travel.chosenDayHint', { day: formatDate(values.departureDate, i18n.language) })
                        : t('travel.timeZoneHint')
                    }
                  />
                </div>
                <div className="col-6 col-md-3">
                  <SelectField {...choice('hour')} options={hours} />
                </div>
                <div className="col-6 col-md-3">
                  <SelectField {...choice('minutes')} options={minutes} />
                </div>
              </div>
            </fieldset>
            <p className="small">{t('travel.requiredNote')}</p>
            <div className="d-flex flex-wrap gap-2 mt-3">
              <button
                type="button"
                className="btn btn-outline-primary d-inline-flex align-items-center gap-1"
                onClick={back}
              >
                <ChevronIcon towards="previous" />
                {t('wizard.back')}
              </button>
              <button type="submit" className="btn btn-primary d-inline-flex align-items-center gap-1">
                {t('wizard.next')}
                <ChevronIcon towards="next" />
              </button>
            </div>
          </form>
        </FormProvider>
      </IssueTextProvider>
    </section>
  );
}
