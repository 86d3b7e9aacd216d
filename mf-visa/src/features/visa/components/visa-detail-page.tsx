import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';
import { DetailRow, formatAmount, formatDate, formatTime, NotFoundState, PageLoader, parseId, VisaStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useVisa } from '../api/get-visa';
import { badgeFlagsOf } from './visa-item';

/** SPEC §2 /protected/visa/{id}: one visa request with its QR code. */
export function VisaDetailPage() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const id = parseId(useParams().id);
  const query = useVisa(id);
  const notFound = id === null || (query.isError && isClientError(query.error) && query.error.status === 404);

  let body;
  if (notFound)
    body = <NotFoundState title={t('detail.notFoundTitle')} text={t('detail.notFoundText')} homeLabel={t('detail.homepage')} testId="visa-not-found" />;
  else if (query.isPending) body = <PageLoader />;
  else if (query.isError)
    body = (
      <div className="alert alert-danger" role="alert" data-testid="visa-load-error">
        <p>{t('detail.loadError')}</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => navigate(-1)}>
          {t('detail.back')}
        </button>
      </div>
    );
  else {
    const visa = query.data;
    body = (
      <div className="row g-4">
        <div className="col-lg-7">
          <dl className="mb-0" data-testid="visa-detail">
            <DetailRow label={t('detail.code')}>{visa.requestCode}</DetailRow>
            <DetailRow label={t('detail.status')}>
              <VisaStatusBadge stateCode={visa.stateCode} {...badgeFlagsOf(visa)} />
            </DetailRow>
            <DetailRow label={t('detail.sent')}>{t('item.sentOn', { date: formatDate(visa.requestDate, i18n.language), time: formatTime(visa.requestDate, i18n.language) })}</DetailRow>
            <DetailRow label={t('detail.totalAmount')}>{formatAmount(visa.totalAmount, i18n.language)}</DetailRow>
            <DetailRow label={t('detail.invoiceCount')}>{visa.totalInvoices}</DetailRow>
          </dl>
        </div>
        {visa.qrCode ? (
          <div className="col-lg-5 text-center">
            <h2 className="h5">{t('detail.qrTitle')}</h2>
            <img src={`data:image/png;base64,${visa.qrCode}`} alt={t('detail.qrAlt', { code: visa.requestCode })} width={240} height={240} className="img-fluid" />
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <div className="container py-4">
      <h1>{t('detail.title')}</h1>
      {body}
    </div>
  );
}
