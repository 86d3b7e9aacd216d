import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { idFromText, isInvoiceAvailable, type Invoice } from '@varco/contracts';
import { isNotFound } from '@varco/http';
import { useSession } from '@varco/session';
import { DetailPage, DetailRow, formatAmount, formatDate, InvoiceStatusBadge } from '@varco/ui';
import { DownloadButton } from '@varco/ui/download';
import { NS } from '../../../i18n/namespace';
import { downloadRelease } from '../api/download-release';
import { useInvoiceDetail } from '../api/get-invoice-detail';
import { isBeforeExitDeadline } from '../utils/exit-deadline';
import { ExitDeadlineNotice } from './exit-deadline-notice';
import { InvoiceClaimLink } from './invoice-claim';
import { useInvoicePageTexts } from './invoice-page-texts';

/**
 * docs/screens.md /protected/invoice/{id} (and /protected/invoice/create?id={id}, the same view): one invoice by its
 * refund id; a not-found state leads back to the homepage.
 */
export function InvoiceDetailPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const refundId = idFromText(useParams().id ?? params.get('id') ?? undefined);
  const query = useInvoiceDetail(refundId);
  const texts = useInvoicePageTexts(t('detail.title'));
  return (
    <DetailPage
      name="invoice"
      query={query}
      notFound={refundId === null || isNotFound(query.error)}
      texts={texts}
      pageTitle={(invoice) => t('item.number', { number: invoice.invoiceNumber })}
    >
      {(invoice) => <InvoiceDetail invoice={invoice} />}
    </DetailPage>
  );
}

/** Every field of docs/domain.md Invoice, the exit deadline, and what the traveler can do with the invoice. */
function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation(NS);
  const none = t('detail.none');
  return (
    <>
      <dl className="mb-4" data-testid="invoice-detail">
        <DetailRow label={t('detail.number')}>{invoice.invoiceNumber}</DetailRow>
        <DetailRow label={t('detail.status')}>
          <InvoiceStatusBadge
            stateCode={invoice.stateCode}
            inCompletion={invoice.inCompletion}
            exitDeadlinePassed={!isBeforeExitDeadline(invoice.exitDeadline)}
          />
        </DetailRow>
        <DetailRow label={t('detail.vendor')}>
          <span dir="auto">{invoice.vendorName}</span>
        </DetailRow>
        <DetailRow label={t('detail.emissionDate')}>{formatDate(invoice.emissionDate, i18n.language)}</DetailRow>
        <DetailRow label={t('detail.exitDeadline')}>
          <span data-testid="exit-deadline-date">{formatDate(invoice.exitDeadline, i18n.language)}</span>
          <ExitDeadlineNotice invoice={invoice} />
        </DetailRow>
        <DetailRow label={t('detail.totalAmount')}>{formatAmount(invoice.totalAmount, i18n.language)}</DetailRow>
        <DetailRow label={t('detail.ivaAmount')}>{formatAmount(invoice.ivaAmount, i18n.language)}</DetailRow>
        <DetailRow label={t('detail.broker')}>{invoice.brokerName ?? none}</DetailRow>
        <DetailRow label={t('detail.requestCode')}>{invoice.requestCode}</DetailRow>
        <DetailRow label={t('detail.customsOffice')}>{invoice.codeCustomsOffice ?? none}</DetailRow>
        <DetailRow label={t('detail.releaseDate')}>
          {invoice.dateRelease ? formatDate(invoice.dateRelease, i18n.language) : none}
        </DetailRow>
        <DetailRow label={t('detail.releaseCode')}>{invoice.codeRelease ?? none}</DetailRow>
      </dl>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <AddRequestButton invoice={invoice} />
        <DownloadReleaseButton refundId={invoice.idRichiestaRimborso} />
        <InvoiceClaimLink invoice={invoice} />
      </div>
    </>
  );
}

/**
 * A new visa request starting from this invoice: only while it is available, its exit deadline has not passed,
 * and no other request is pending (the session flag visaCreationEnabled).
 */
function AddRequestButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(NS);
  const creationEnabled = useSession((state) => state.visaCreationEnabled);
  if (!creationEnabled || !isInvoiceAvailable(invoice.stateCode) || !isBeforeExitDeadline(invoice.exitDeadline))
    return null;
  return (
    <Link
      to={`/protected/visa/create?step=1&invoice=${invoice.idRichiestaRimborso}`}
      className="btn btn-primary"
      data-testid="add-request-button"
    >
      {t('detail.addRequest')}
    </Link>
  );
}

/**
 * docs/calls.md downloadRelease: offered for every invoice (the PDF says when the visa is not released yet); a failure
 * shows the server's words (read from the blob body) when it answered.
 */
function DownloadReleaseButton({ refundId }: { refundId: number }) {
  const { t } = useTranslation(NS);
  const texts = {
    label: t('detail.downloadRelease'),
    busyLabel: t('detail.downloadingRelease'),
    errorText: t('detail.downloadReleaseError'),
  };
  return (
    <DownloadButton fetchFile={() => downloadRelease(refundId)} texts={texts} errorTestId="release-download-error" />
  );
}
