import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';
import { formatAmount, formatDate, formatTime, PageLoader, parseId, VisaStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useVisa } from '../api/get-visa';
import { badgeFlagsOf } from './visa-item';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row py-2 border-bottom">
      <dt className="col-sm-5">{label}</dt>
      <dd className="col-sm-7 mb-0">{children}</dd>
    </div>
  );
}

/** SPEC §2 /protected/visa/{id}: one visa request with its QR code. */
export function VisaDetailPage() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const id = parseId(useParams().id);
  const query = useVisa(id);
  const notFound = id === null || (query.isError && isClientError(query.error) && query.error.status === 404);

  let body;
  if (notFound)
    body = (
      // The link sits outside the callout: the design system colours a callout's links with its own colour.
      <div data-testid="visa-not-found">
        <div className="callout warning">
          <div className="callout-title">{t('detail.notFoundTitle')}</div>
          <p className="mb-0">{t('detail.notFoundText')}</p>
        </div>
        <Link to="/protected" className="btn btn-primary">
          {t('detail.homepage')}
        </Link>
      </div>
    );
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
            <Row label={t('detail.code')}>{visa.requestCode}</Row>
            <Row label={t('detail.status')}>
              <VisaStatusBadge stateCode={visa.stateCode} {...badgeFlagsOf(visa)} />
            </Row>
            <Row label={t('detail.sent')}>{t('item.sentOn', { date: formatDate(visa.requestDate, i18n.language), time: formatTime(visa.requestDate, i18n.language) })}</Row>
            <Row label={t('detail.totalAmount')}>{formatAmount(visa.totalAmount, i18n.language)}</Row>
            <Row label={t('detail.invoiceCount')}>{visa.totalInvoices}</Row>
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
