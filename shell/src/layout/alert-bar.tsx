import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_BANNER_MS } from '@varco/contracts/plain';
import { useSession } from '@varco/session';

/** The red bar under the header: the current error, or the generic network text; gone after 3 seconds. */
export function AlertBar() {
  const { t } = useTranslation('common');
  const error = useSession((state) => state.error);
  const setError = useSession((state) => state.setError);

  useEffect(() => {
    if (!error) return undefined;
    const timer = setTimeout(() => setError(null), ERROR_BANNER_MS);
    return () => clearTimeout(timer);
  }, [error, setError]);

  if (!error) return null;
  return (
    <div className="varco-alert-bar bg-danger text-white" role="alert" data-testid="alert-bar">
      <div className="container d-flex justify-content-between align-items-center py-2">
        <span>{error.type === 'network-error' || !error.detail ? t('errors.network') : error.detail}</span>
        <button
          type="button"
          className="btn btn-sm text-white"
          aria-label={t('errors.close')}
          onClick={() => setError(null)}
        >
          ×
        </button>
      </div>
    </div>
  );
}
