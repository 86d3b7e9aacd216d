import { useTranslation } from 'react-i18next';
import { NS } from '../i18n/namespace';
import { isPasskeyBrowserError } from '../lib/webauthn';
import { ErrorAlert } from './error-alert';

/** A failed passkey ceremony: the browser's reason in the traveler's words, or the api's own detail. */
export function PasskeyErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation(NS);
  if (!isPasskeyBrowserError(error)) return <ErrorAlert error={error} />;
  let message: string;
  switch (error.reason) {
    case 'unsupported':
      message = t('passkeys.errors.unsupported');
      break;
    case 'cancelled':
      message = t('passkeys.errors.cancelled');
      break;
    case 'alreadyRegistered':
      message = t('passkeys.errors.alreadyRegistered');
      break;
    case 'insecure':
      message = t('passkeys.errors.insecure');
      break;
    case 'failed':
      message = t('passkeys.errors.failed');
      break;
  }
  return (
    <div className="alert alert-danger" role="alert" data-testid="passkey-error">
      {message}
    </div>
  );
}
