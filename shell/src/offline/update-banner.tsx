import { useTranslation } from 'react-i18next';
import { activateWaitingServiceWorker, useWaitingServiceWorker } from './service-worker-registration';

/** Tells the traveler that a new release of the portal is ready; Reload switches to it. */
export function UpdateBanner() {
  const { t } = useTranslation('common');
  const waiting = useWaitingServiceWorker();
  if (!waiting) return null;
  return (
    <div className="bg-primary text-white" role="status" data-testid="update-banner">
      <div className="container d-flex flex-wrap justify-content-between align-items-center gap-2 py-2">
        <span>{t('update.available')}</span>
        <button
          type="button"
          className="btn btn-sm btn-light"
          onClick={activateWaitingServiceWorker}
          data-testid="update-reload"
        >
          {t('update.reload')}
        </button>
      </div>
    </div>
  );
}
