import { useTranslation } from 'react-i18next';
import { NS } from '../i18n/namespace';
import { isPasskeyBrowserError, type PasskeyFailure } from '../lib/webauthn';
import { ErrorAlert } from './error-alert';

/** The text of each reason the browser gives (every key written out, so that each stays findable). */
const REASON_TEXT: Record<PasskeyFailure, string> = {
  unsupported: 'passkeys.errors.unsupported',
  cancelled: 'passkeys.errors.cancelled',
  alreadyRegistered: 'passkeys.errors.alreadyRegistered',
  insecure: 'passkeys.errors.insecure',
  failed: 'passkeys.errors.failed',
};

/** A failed passkey ceremony: the browser's reason in the traveler's words, or the api's own detail. */
export function PasskeyErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation(NS);
  if (!isPasskeyBrowserError(error)) return <ErrorAlert error={error} />;
  return (
    <div className="alert alert-danger" role="alert" data-testid="passkey-error">
      {t(REASON_TEXT[error.reason])}
    </div>
  );
}
