import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { idFromText, isInvoiceAvailable, type Invoice } from '@varco/contracts';
import { isNotFound } from '@varco/http';
import { DetailPage, DetailRow, formatAmount, formatDate } from '@varco/ui';
import { useOpenClaimAbout, WrongInvoiceForm } from '../../claims';
import { NS } from '../../../i18n/namespace';
import { useInvoiceDetail } from '../api/get-invoice-detail';
import { isBeforeExitDeadline } from '../utils/exit-deadline';
import { useInvoicePageTexts } from './invoice-page-texts';

/** An invoice can be claimed wrong while it can still go into a visa request: available, its exit deadline not passed. */
const claimable = (invoice: Invoice) =>
  isInvoiceAvailable(invoice.stateCode) && isBeforeExitDeadline(invoice.exitDeadline);

/** A claim about the invoice waits for the shop: where to follow it. */
function OpenClaimNote({ code }: { code: string }) {
  const { t } = useTranslation(NS);
  return (
    <p className="mb-0 w-100" data-testid="open-claim">
      {t('detail.openClaim', { code })} <Link to="/protected/invoice/claims">{t('detail.seeClaims')}</Link>
    </p>
  );
}

/**
 * On an invoice's detail, while it can be claimed: "Something is wrong on this invoice", or, when a claim about it is
 * open, that it waits for the shop's answer.
 */
export function InvoiceClaimLink({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(NS);
  const open = useOpenClaimAbout(invoice.idRichiestaRimborso);
  if (!claimable(invoice) || open.isPending) return null;
  if (open.data) return <OpenClaimNote code={open.data.code} />;
  return (
    <Link
      to={`/protected/invoice/${invoice.idRichiestaRimborso}/claim`}
      className="btn btn-outline-primary"
      data-testid="claim-link"
    >
      {t('detail.claim')}
    </Link>
  );
}

/**
 * docs/screens.md /protected/invoice/{id}/claim: "Something is wrong on this invoice" — the invoice in a few lines,
 * then what is wrong and a note for the shop. Another traveler's or unknown: not found.
 */
export function InvoiceClaimPage() {
  const { t } = useTranslation(NS);
  const refundId = idFromText(useParams().id);
  const query = useInvoiceDetail(refundId);
  const texts = useInvoicePageTexts(t('claims.wrong.title'));
  return (
    <DetailPage name="invoice" query={query} notFound={refundId === null || isNotFound(query.error)} texts={texts}>
      {(invoice) => <ClaimAbout invoice={invoice} />}
    </DetailPage>
  );
}

function ClaimAbout({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation(NS);
  const open = useOpenClaimAbout(invoice.idRichiestaRimborso);
  let body;
  if (!claimable(invoice))
    body = (
      <div className="callout note" data-testid="not-claimable">
        <div className="callout-inner">
          <p className="mb-0">{t('claims.wrong.notClaimable')}</p>
        </div>
      </div>
    );
  else if (open.data) body = <OpenClaimNote code={open.data.code} />;
  else body = <WrongInvoiceForm invoice={invoice} />;
  return (
    <>
      <p>{t('claims.wrong.lead')}</p>
      <dl className="mb-4" data-testid="claimed-invoice">
        <DetailRow label={t('detail.number')}>{invoice.invoiceNumber}</DetailRow>
        <DetailRow label={t('detail.vendor')}>
          <span dir="auto">{invoice.vendorName}</span>
        </DetailRow>
        <DetailRow label={t('detail.emissionDate')}>{formatDate(invoice.emissionDate, i18n.language)}</DetailRow>
        <DetailRow label={t('detail.totalAmount')}>{formatAmount(invoice.totalAmount, i18n.language)}</DetailRow>
      </dl>
      {body}
    </>
  );
}
