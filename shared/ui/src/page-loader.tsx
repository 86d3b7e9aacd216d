import { useTranslation } from 'react-i18next';

export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div
      className="varco-loader d-flex justify-content-center align-items-center py-5"
      role="status"
      aria-live="polite"
    >
      <div className="progress-spinner progress-spinner-active" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('app.loading')}</span>
    </div>
  );
}
