import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { useDeleteTraveler } from '../api/delete-traveler';

/** docs/screens.md /protected/edit-user: the delete-account button, with a confirmation before anything is deleted. */
export function DeleteAccount() {
  const { t } = useTranslation(NS);
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteTraveler();

  if (!confirming)
    return (
      <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
        {t('profile.delete')}
      </button>
    );
  return (
    <section className="callout danger" role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-text" data-testid="delete-confirmation">
      <div className="callout-inner">
        <h2 className="h5" id="delete-title">
          {t('profile.deleteConfirmTitle')}
        </h2>
        <p id="delete-text">{t('profile.deleteConfirmText')}</p>
        {deletion.isError ? <ErrorAlert error={deletion.error} /> : null}
        <div className="d-flex flex-wrap gap-3">
          <button type="button" className="btn btn-danger" disabled={deletion.isPending} onClick={() => deletion.mutate()}>
            {t('profile.deleteConfirm')}
          </button>
          <button type="button" className="btn btn-outline-primary" disabled={deletion.isPending} onClick={() => setConfirming(false)} autoFocus>
            {t('profile.deleteCancel')}
          </button>
        </div>
      </div>
    </section>
  );
}
