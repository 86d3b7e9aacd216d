import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';
import { DetailRow, formatAmount, formatDate, InvoiceStatusBadge, NotFoundState, PageLoader, parseId } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useInvoiceDetail } from '../api/get-invoice-detail';

/** SPEC §2 /protected/invoice/{id}: one invoice by its refund id; a not-found state leads back to the homepage. */
export function InvoiceDetailPage() {
  const { t, i18n } = useTranslation(NS);
  const navigate = useNavigate();
  const refundId = parseId(useParams().id);
  const query = useInvoiceDetail(refundId);
  const notFound = refundId === null || (query.isError && isClientError(query.error) && query.error.status === 404);

  let body;
  if (notFound)
    body = <NotFoundState title={t('detail.notFoundTitle')} text={t('detail.notFoundText')} homeLabel={t('detail.homepage')} testId="invoice-not-found" />;
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
        <DetailRow label={t('detail.number')}>{invoice.invoiceNumber}</DetailRow>
        <DetailRow label={t('detail.status')}>
          <InvoiceStatusBadge stateCode={invoice.stateCode} inCompletion={invoice.inCompletion ?? false} />
        </DetailRow>
        <DetailRow label={t('detail.vendor')}>{invoice.vendorName}</DetailRow>
        <DetailRow label={t('detail.emissionDate')}>{formatDate(invoice.emissionDate, i18n.language)}</DetailRow>
        <DetailRow label={t('detail.totalAmount')}>{formatAmount(invoice.totalAmount, i18n.language)}</DetailRow>
        <DetailRow label={t('detail.ivaAmount')}>{formatAmount(invoice.ivaAmount, i18n.language)}</DetailRow>
        <DetailRow label={t('detail.broker')}>{invoice.brokerName ?? none}</DetailRow>
        <DetailRow label={t('detail.requestCode')}>{invoice.requestCode}</DetailRow>
        <DetailRow label={t('detail.customsOffice')}>{invoice.codeCustomsOffice ?? none}</DetailRow>
        <DetailRow label={t('detail.releaseDate')}>{invoice.dateRelease ? formatDate(invoice.dateRelease, i18n.language) : none}</DetailRow>
        <DetailRow label={t('detail.releaseCode')}>{invoice.codeRelease ?? none}</DetailRow>
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
