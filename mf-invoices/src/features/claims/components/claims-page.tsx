import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LoadError, PageLoader, ShowMoreButton } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useClaims } from '../api/get-claims';
import { ClaimItem } from './claim-item';

/** What a page that sent a claim leaves in the history entry of the claims page: the claim's code and its shop. */
export interface SentClaimState {
  sentClaim?: { code: string; vendor: string };
}

/** docs/screens.md /protected/invoice/claims: the traveler's claims to shops with their state; withdraw while open. */
export function ClaimsPage() {
  const { t } = useTranslation(NS);
  const query = useClaims();
  const sent = (useLocation().state as SentClaimState | null)?.sentClaim;

  let body;
  if (query.isPending) body = <PageLoader />;
  else if (!query.data) body = <LoadError message={t('claims.loadError')} />;
  else {
    const claims = query.data.pages.flatMap((page) => page.claims);
    body =
      claims.length === 0 ? (
        // The empty state of the portal's lists, in this page's words.
        <div className="callout note" role="status" data-testid="empty-claims">
          <div className="callout-inner">
            <p className="mb-0">{t('claims.empty')}</p>
          </div>
        </div>
      ) : (
        <ul className="list-group" aria-labelledby="claims-title" data-testid="claim-list">
          {claims.map((claim) => (
            <ClaimItem key={claim.id} claim={claim} />
          ))}
        </ul>
      );
  }

  return (
    <div className="container py-4">
      <h1 id="claims-title">{t('claims.title')}</h1>
      {sent ? (
        <div className="alert alert-success" role="status" data-testid="claim-sent">
          {t('claims.sent', { code: sent.code, vendor: sent.vendor })}
        </div>
      ) : null}
      <p>{t('claims.lead')}</p>
      <p>
        <Link to="/protected/invoice/claims/missing" className="btn btn-outline-primary">
          {t('claims.missingInvoice')}
        </Link>
      </p>
      {body}
      <ShowMoreButton query={query} historyKey="shownClaimPages" label={t('claims.showMore')} />
    </div>
  );
}
