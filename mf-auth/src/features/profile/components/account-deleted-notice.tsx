import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/namespace';
import { accountDeletedJustNow, forgetAccountDeleted } from '../account-deleted';

/**
 * Confirms a deletion on the page the traveler lands on after it. Shown by the page that mounts first after the
 * deletion, for as long as it stays mounted: the notice is forgotten at once, so leaving the page or reloading it does
 * not bring it back.
 */
export function AccountDeletedNotice() {
  const { t } = useTranslation(NS);
  const [shown] = useState(accountDeletedJustNow);
  useEffect(() => {
    if (shown) forgetAccountDeleted();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="alert alert-success" role="status" data-testid="account-deleted">
      {t('profile.deleted')}
    </div>
  );
}
