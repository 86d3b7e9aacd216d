import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';

/**
 * A failed call, in an alert: the server's detail when it sent one (docs/calls.md), else `fallback`, else the generic
 * error; the network text when the server could not be reached.
 */
export function ErrorAlert({ error, fallback }: { error: unknown; fallback?: string }) {
  const { t } = useTranslation('common');
  const clientError = isClientError(error) ? error : undefined;
  // An answer that broke the contract carries a technical detail, not one meant for the traveler.
  const detail = clientError?.type === 'invalid-response' ? '' : clientError?.detail;
  const message =
    clientError?.type === 'network-error' ? t('errors.network') : detail || fallback || t('errors.generic');
  return (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  );
}
