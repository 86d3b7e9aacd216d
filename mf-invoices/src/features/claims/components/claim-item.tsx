import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { serverDetail } from '@varco/contracts';
import type { Claim } from '@varco/contracts/claims';
import { DeleteWithConfirmation, DetailRow, formatAmount, formatDate } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useWithdrawClaim } from '../api/withdraw-claim';
import { useClaimWords } from './claim-texts';

/** A state's badge, in the design system's colours: open orange, put right green, declined red, withdrawn gray. */
const BADGE: Record<string, string> = {
  OPEN: 'bg-warning',
  REISSUED: 'bg-success',
  DECLINED: 'bg-danger',
  WITHDRAWN: 'bg-secondary',
};

/** One claim: what was sent, its state, the shop's answer, and Withdraw while it is open. */
export function ClaimItem({ claim }: { claim: Claim }) {
  const { t, i18n } = useTranslation(NS);
  const words = useClaimWords();
  const withdraw = useWithdrawClaim(claim.id);
  const titleId = `claim-${claim.id}-title`;
  return (
    <li className="list-group-item py-3" data-testid="claim-item" data-state={claim.state} aria-labelledby={titleId}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-2">
        <h2 className="h5 mb-0 text-break" id={titleId}>
          {t('claims.code', { code: claim.code })}
        </h2>
        <span
          className={`badge rounded-pill text-wrap ${BADGE[claim.state] ?? 'bg-secondary'}`}
          data-testid="claim-state"
        >
          {words.state(claim.state)}
        </span>
      </div>
      <p className="mb-2 text-break">
        <span dir="auto">{t('claims.about', { number: claim.invoiceNumber, vendor: claim.vendorName })}</span>
      </p>
      <dl className="mb-2">
        <DetailRow label={t('claims.fields.kind')}>{words.kind(claim.kind)}</DetailRow>
        <DetailRow label={t('claims.fields.issueDate')}>{formatDate(claim.issueDate, i18n.language)}</DetailRow>
        <DetailRow label={t('claims.fields.total')}>{formatAmount(claim.totalAmount, i18n.language)}</DetailRow>
        {claim.problem ? (
          <DetailRow label={t('claims.fields.problem')}>{words.problem(claim.problem)}</DetailRow>
        ) : null}
        {claim.note ? (
          <DetailRow label={t('claims.fields.note')}>
            <span dir="auto" className="text-break">
              {claim.note}
            </span>
          </DetailRow>
        ) : null}
        <DetailRow label={t('claims.fields.sentOn')}>{formatDate(claim.createdAt, i18n.language)}</DetailRow>
        {claim.closedAt ? (
          <DetailRow label={t('claims.fields.closedOn')}>{formatDate(claim.closedAt, i18n.language)}</DetailRow>
        ) : null}
      </dl>
      <ClaimAnswer claim={claim} />
      {claim.state === 'OPEN' ? (
        <DeleteWithConfirmation
          id={`withdraw-${claim.id}`}
          label={t('claims.withdraw')}
          title={t('claims.withdrawTitle', { code: claim.code })}
          text={t('claims.withdrawText')}
          confirmLabel={t('claims.withdrawConfirm')}
          cancelLabel={t('claims.withdrawCancel')}
          onConfirm={() => withdraw.mutate()}
          pending={withdraw.isPending}
          className="mt-3"
          error={
            withdraw.isError ? (
              <p className="text-danger" role="alert">
                {serverDetail(withdraw.error) || t('claims.withdrawError')}
              </p>
            ) : null
          }
        />
      ) : null}
    </li>
  );
}

/** What the shop answered: the invoice issued again (with its link), or why it declined, with its note. */
function ClaimAnswer({ claim }: { claim: Claim }) {
  const { t } = useTranslation(NS);
  const words = useClaimWords();
  if (claim.state === 'OPEN') return <p className="small text-muted mb-0">{t('claims.waiting')}</p>;
  if (claim.state === 'REISSUED')
    return (
      <div className="callout success my-2" data-testid="claim-answer">
        <div className="callout-inner">
          <p className="mb-2">{t('claims.reissued')}</p>
          {claim.reissuedInvoice ? (
            <Link to={`/protected/invoice/${claim.reissuedInvoice.idRichiestaRimborso}`}>
              {t('claims.openInvoice', { number: claim.reissuedInvoice.invoiceNumber })}
            </Link>
          ) : null}
        </div>
      </div>
    );
  if (claim.state === 'DECLINED')
    return (
      <div className="callout warning my-2" data-testid="claim-answer">
        <div className="callout-inner">
          <p className="mb-1 fw-semibold">{t('claims.fields.answer')}</p>
          <p className="mb-1">{words.reason(claim.declineReason ?? 'OTHER')}</p>
          {claim.answerNote ? (
            <p className="mb-0 text-break">
              {t('claims.fields.answerNote')}: <span dir="auto">{claim.answerNote}</span>
            </p>
          ) : null}
        </div>
      </div>
    );
  return null;
}
