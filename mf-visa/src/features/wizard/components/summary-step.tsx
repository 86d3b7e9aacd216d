import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSPORT_PRIVATE_VEHICLE, type Invoice, type Lookup, type Travel } from '@varco/contracts';
import { ChevronIcon, DetailRow, formatAmount, formatDate, formatTime } from '@varco/ui';
import { InvoiceLabel } from '../../../components/invoice-label';
import { NS } from '../../../i18n/namespace';
import { useAirports } from '../api/get-airports';
import { useDestinationCountries } from '../api/get-destination-countries';
import { useFreeZones } from '../api/get-free-zones';
import { useTypology } from '../api/get-typology';
import { useUsableInvoices } from '../../visa';
import { useSubmitVisa } from '../api/submit-visa';
import { SubmitErrors } from './submit-errors';

interface SummaryStepProps {
  requestId: number | undefined;
  invoiceIds: number[];
  travel: Travel;
  /** The request's own invoices when it is being modified: they are not among the usable ones. */
  ownInvoices: ReadonlyArray<Invoice>;
  onBack: () => void;
  onSubmitted: (id: number) => void;
}

const describe = (lookups: ReadonlyArray<Lookup> | undefined, code: string | null): string | null =>
  code === null ? null : (lookups?.find((item) => item.code === code)?.description ?? code);

/** Wizard step 3: what will be sent, and the submit (docs/domain.md: create, or update when an id is present). */
export function SummaryStep({ requestId, invoiceIds, travel, ownInvoices, onBack, onSubmitted }: SummaryStepProps) {
  const { t, i18n } = useTranslation(NS);
  const usable = useUsableInvoices();
  const transports = useTypology('TRANSPORT_TYPE');
  const documents = useTypology('DOCUMENT_TYPE');
  const countries = useDestinationCountries();
  const freeZones = useFreeZones(travel.destinationCountry);
  const airports = useAirports(travel.destinationCountry, travel.destinationAirport !== null);
  const submission = useSubmitVisa();
  const errorsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (submission.isError) errorsRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [submission.isError]);

  const known = new Map<number, Invoice>();
  for (const invoice of [...ownInvoices, ...(usable.data?.invoices ?? [])])
    known.set(invoice.idRichiestaRimborso, invoice);
  const invoices = invoiceIds.map((id) => known.get(id)).filter((invoice): invoice is Invoice => invoice !== undefined);
  const total = invoices.reduce((sum, invoice) => sum + invoice.totalAmount, 0);
  const none = t('summary.none');

  return (
    <section aria-labelledby="wizard-step-title">
      <h2 className="h4" id="wizard-step-title">
        {t('wizard.step3Title')}
      </h2>
      <p>{t('summary.lead')}</p>
      <h3 className="h5">{t('summary.invoicesTitle')}</h3>
      <ul className="list-group mb-2" data-testid="summary-invoices">
        {invoices.map((invoice) => (
          <li
            key={invoice.idRichiestaRimborso}
            className="list-group-item d-flex flex-wrap justify-content-between gap-2"
          >
            <span>
              <InvoiceLabel number={invoice.invoiceNumber} vendor={invoice.vendorName} />
            </span>
            <span className="fw-semibold">{formatAmount(invoice.totalAmount, i18n.language)}</span>
          </li>
        ))}
      </ul>
      <p data-testid="summary-total">
        {t('wizard.selected', { count: invoiceIds.length, total: formatAmount(total, i18n.language) })}
      </p>
      <h3 className="h5">{t('summary.travelTitle')}</h3>
      <dl className="mb-4" data-testid="summary-travel">
        <DetailRow label={t('travel.fields.transportType')}>
          {describe(transports.data, travel.transportType)}
        </DetailRow>
        {travel.transportType !== TRANSPORT_PRIVATE_VEHICLE ? (
          <DetailRow label={t('travel.fields.crewMember')}>
            {travel.crewMember ? t('summary.yes') : t('summary.no')}
          </DetailRow>
        ) : null}
        {travel.travelDocType !== null ? (
          <DetailRow label={t('travel.fields.documentType')}>
            {describe(documents.data, travel.travelDocType)}
          </DetailRow>
        ) : null}
        {travel.travelDocNumber !== null ? (
          <DetailRow label={t('travel.fields.documentNumber')}>{travel.travelDocNumber}</DetailRow>
        ) : null}
        <DetailRow label={t('travel.fields.destinationCountry')}>
          {describe(countries.data, travel.destinationCountry)}
        </DetailRow>
        <DetailRow label={t('travel.fields.destinationFreeZone')}>
          {describe(freeZones.data, travel.destinationFreeZone) ?? none}
        </DetailRow>
        {travel.flightNumber !== null ? (
          <DetailRow label={t('travel.fields.flightNumber')}>{travel.flightNumber}</DetailRow>
        ) : null}
        {travel.destinationAirport !== null ? (
          <DetailRow label={t('travel.fields.destinationAirport')}>
            {describe(airports.data, travel.destinationAirport)}
          </DetailRow>
        ) : null}
        <DetailRow label={t('summary.departure')}>
          {t('summary.departureAt', {
            date: formatDate(travel.travelDate, i18n.language),
            time: formatTime(travel.travelDate, i18n.language),
          })}
        </DetailRow>
      </dl>
      <div ref={errorsRef}>{submission.isError ? <SubmitErrors error={submission.error} /> : null}</div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button
          type="button"
          className="btn btn-outline-primary d-inline-flex align-items-center gap-1"
          onClick={onBack}
          disabled={submission.isPending}
        >
          <ChevronIcon towards="previous" />
          {t('wizard.back')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={submission.isPending}
          aria-busy={submission.isPending}
          onClick={() =>
            submission.mutate({ requestId, invoices: invoiceIds, travel }, { onSuccess: ({ id }) => onSubmitted(id) })
          }
        >
          {submission.isPending
            ? t('summary.submitting')
            : requestId === undefined
              ? t('summary.submit')
              : t('summary.submitUpdate')}
        </button>
      </div>
    </section>
  );
}
