import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { idFromText, TRANSPORT_PRIVATE_VEHICLE, VisaState, type Visa } from '@varco/contracts';
import { isNotFound } from '@varco/http';
import { DetailPage, DetailRow, formatAmount, formatDate, formatTime, InvoiceStatusBadge } from '@varco/ui';
import { InvoiceLabel } from '../../../components/invoice-label';
import { NS } from '../../../i18n/namespace';
import { useShownVisa } from '../api/get-visa';
import { VisaActions } from './visa-actions';
import { VisaBadge } from './visa-item';
import { VisaQr, VisaTrafficLight } from './visa-qr';

/** docs/screens.md /protected/visa/{id}: one visa request with its QR code. */
export function VisaDetailPage() {
  const { t } = useTranslation(NS);
  const id = idFromText(useParams().id);
  const query = useShownVisa(id);
  const texts = {
    title: t('detail.title'),
    notFoundTitle: t('detail.notFoundTitle'),
    notFoundText: t('detail.notFoundText'),
    homepage: t('detail.homepage'),
    loadErrorText: t('detail.loadError'),
    back: t('detail.back'),
  };
  return (
    <DetailPage
      name="visa"
      query={query}
      notFound={id === null || isNotFound(query.error)}
      texts={texts}
      pageTitle={(shown) => t('item.code', { code: shown.visa.requestCode })}
    >
      {(shown) => <VisaDetail visa={shown.visa} offlineAsOf={shown.offlineAsOf} />}
    </DetailPage>
  );
}

function VisaDetail({ visa, offlineAsOf }: { visa: Visa; offlineAsOf: string | null }) {
  const { t, i18n } = useTranslation(NS);
  const none = t('detail.none');
  const sent = t('item.sentOn', {
    date: formatDate(visa.requestDate, i18n.language),
    time: formatTime(visa.requestDate, i18n.language),
  });
  return (
    <>
      {offlineAsOf ? (
        <div className="alert alert-warning" role="status" data-testid="visa-offline-note">
          {t('detail.offlineNote', {
            date: formatDate(offlineAsOf, i18n.language),
            time: formatTime(offlineAsOf, i18n.language),
          })}
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-lg-7">
          <dl className="mb-0" data-testid="visa-detail">
            <DetailRow label={t('detail.code')}>{visa.requestCode}</DetailRow>
            <DetailRow label={t('detail.visaRequestId')}>{visa.visaRequestId}</DetailRow>
            <DetailRow label={t('detail.status')}>
              <VisaBadge visa={visa} />
            </DetailRow>
            <DetailRow label={t('detail.sent')}>{sent}</DetailRow>
            <DetailRow label={t('detail.totalAmount')}>{formatAmount(visa.totalAmount, i18n.language)}</DetailRow>
            <DetailRow label={t('detail.invoiceCount')}>{visa.totalInvoices}</DetailRow>
          </dl>
          {visa.stateCode === VisaState.IN_COMPLETION ? (
            <div className="callout warning mt-4" data-testid="in-completion-info">
              <div className="callout-title">{t('detail.inCompletionTitle')}</div>
              <p className="mb-0">{t('detail.inCompletionText')}</p>
            </div>
          ) : null}
        </div>
        <div className="col-lg-5">
          <VisaQr visa={visa} />
          <VisaTrafficLight visa={visa} />
        </div>
      </div>
      {/* Every action needs the api, and the state shown may be out of date: none is offered offline. */}
      {offlineAsOf ? null : <VisaActions visa={visa} />}
      {visa.meansOfTransport ? (
        <section className="mt-4" aria-labelledby="visa-travel-title">
          <h2 className="h4" id="visa-travel-title">
            {t('detail.travelTitle')}
          </h2>
          <dl className="mb-0" data-testid="visa-travel">
            <DetailRow label={t('travel.fields.transportType')}>
              {visa.meansOfTransport.description ?? visa.meansOfTransport.code}
            </DetailRow>
            {visa.meansOfTransport.code !== TRANSPORT_PRIVATE_VEHICLE ? (
              <DetailRow label={t('travel.fields.crewMember')}>
                {visa.crewMember ? t('summary.yes') : t('summary.no')}
              </DetailRow>
            ) : null}
            {visa.travelDocType ? (
              <DetailRow label={t('travel.fields.documentType')}>
                {visa.travelDocType.description ?? visa.travelDocType.code}
              </DetailRow>
            ) : null}
            {visa.travelDocNumber ? (
              <DetailRow label={t('travel.fields.documentNumber')}>{visa.travelDocNumber}</DetailRow>
            ) : null}
            {visa.destinationCountry ? (
              <DetailRow label={t('travel.fields.destinationCountry')}>
                {visa.destinationCountry.description ?? visa.destinationCountry.code}
              </DetailRow>
            ) : null}
            <DetailRow label={t('travel.fields.destinationFreeZone')}>
              {visa.destinationFreeZone
                ? (visa.destinationFreeZone.description ?? visa.destinationFreeZone.code)
                : none}
            </DetailRow>
            {visa.flightNumber ? (
              <DetailRow label={t('travel.fields.flightNumber')}>{visa.flightNumber}</DetailRow>
            ) : null}
            {visa.destinationAirport ? (
              <DetailRow label={t('travel.fields.destinationAirport')}>
                {visa.destinationAirport.description ?? visa.destinationAirport.code}
              </DetailRow>
            ) : null}
            {visa.travelDate ? (
              <DetailRow label={t('summary.departure')}>
                {t('summary.departureAt', {
                  date: formatDate(visa.travelDate, i18n.language),
                  time: formatTime(visa.travelDate, i18n.language),
                })}
              </DetailRow>
            ) : null}
          </dl>
        </section>
      ) : null}
      {visa.invoices && visa.invoices.length > 0 ? (
        <section className="mt-4" aria-labelledby="visa-invoices-title">
          <h2 className="h4" id="visa-invoices-title">
            {t('detail.invoicesTitle')}
          </h2>
          <ul className="list-group" data-testid="visa-invoices">
            {visa.invoices.map((invoice) => (
              <li
                key={invoice.idRichiestaRimborso}
                className="list-group-item d-flex flex-wrap justify-content-between align-items-start gap-2"
              >
                <div>
                  <Link to={`/protected/invoice/${invoice.idRichiestaRimborso}`} className="fw-semibold">
                    <InvoiceLabel number={invoice.invoiceNumber} vendor={invoice.vendorName} />
                  </Link>
                  <small className="d-block text-muted">
                    {t('wizard.issuedOn', { date: formatDate(invoice.emissionDate, i18n.language) })}
                  </small>
                </div>
                <div className="text-end ms-auto">
                  <div className="fw-semibold">{formatAmount(invoice.totalAmount, i18n.language)}</div>
                  <InvoiceStatusBadge stateCode={invoice.stateCode} inCompletion={invoice.inCompletion} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
