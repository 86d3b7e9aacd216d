import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';
import { formatAmount, formatDate, InvoiceStatusBadge, PageLoader, parseId } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useInvoiceDetail } from '../api/get-invoice-detail';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row py-2 border-bottom">
      <dt className="col-sm-5">{label}</dt>
      <dd className="col-sm-7 mb-0">{children}</dd>
    </div>
  );
}

/** SPEC §2 /protected/invoice/{id}: one invoice by its refund id; a not-found state leads back to the homepage. */
export function InvoiceDetailPage() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const refundId = parseId(useParams().id);
  const query = useInvoiceDetail(refundId);
  const notFound = refundId === null || (query.isError && isClientError(query.error) && query.error.status === 404);

  let body;
  if (notFound)
    body = (
      // The link sits outside the callout: the design system colours a callout's links with its own colour.
      <div data-testid="invoice-not-found">
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
      <div className="alert alert-danger" role="alert" data-testid="invoice-load-error">
        <h2 className="h5">{t('detail.loadErrorTitle')}</h2>
        <p>{t('detail.loadErrorText')}</p>
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => navigate(-1)}>
          {t('detail.back')}
        </button>
      </div>
    );
  else {
    const invoice = query.data;
    const none = t('detail.none');
    body = (
      <dl className="mb-0" data-testid="invoice-detail">
        <Row label={t('detail.number')}>{invoice.invoiceNumber}</Row>
        <Row label={t('detail.status')}>
          <InvoiceStatusBadge stateCode={invoice.stateCode} inCompletion={invoice.inCompletion ?? false} />
        </Row>
        <Row label={t('detail.vendor')}>{invoice.vendorName}</Row>
        <Row label={t('detail.emissionDate')}>{formatDate(invoice.emissionDate, i18n.language)}</Row>
        <Row label={t('detail.totalAmount')}>{formatAmount(invoice.totalAmount, i18n.language)}</Row>
        <Row label={t('detail.ivaAmount')}>{formatAmount(invoice.ivaAmount, i18n.language)}</Row>
        <Row label={t('detail.broker')}>{invoice.brokerName ?? none}</Row>
        <Row label={t('detail.requestCode')}>{invoice.requestCode}</Row>
        <Row label={t('detail.customsOffice')}>{invoice.codeCustomsOffice ?? none}</Row>
        <Row label={t('detail.releaseDate')}>{invoice.dateRelease ? formatDate(invoice.dateRelease, i18n.language) : none}</Row>
        <Row label={t('detail.releaseCode')}>{invoice.codeRelease ?? none}</Row>
      </dl>
    );
  }

  return (
    <div className="container py-4">
      <h1>{t('detail.title')}</h1>
      {body}
    </div>
  );
}
