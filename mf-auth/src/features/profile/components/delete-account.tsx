import { useTranslation } from 'react-i18next';
import { DeleteWithConfirmation } from '@varco/ui';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { useDeleteTraveler } from '../api/delete-traveler';

/** docs/screens.md /protected/edit-user: the delete-account button, with a confirmation before anything is deleted. */
export function DeleteAccount() {
  const { t } = useTranslation(NS);
  const deletion = useDeleteTraveler();
  return (
    <DeleteWithConfirmation
      id="delete"
      label={t('profile.delete')}
      title={t('profile.deleteConfirmTitle')}
      text={t('profile.deleteConfirmText')}
      confirmLabel={t('profile.deleteConfirm')}
      cancelLabel={t('profile.deleteCancel')}
      onConfirm={() => deletion.mutate()}
      pending={deletion.isPending}
      error={deletion.isError ? <ErrorAlert error={deletion.error} /> : null}
    />
  );
}
