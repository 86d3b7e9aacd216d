import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '@varco/session';
import { NS } from '../../../i18n/namespace';

/** The add-new-request button: only while a new request may be created, i.e. none is pending (SPEC §4, §6). */
export function AddVisaButton() {
  const { t } = useTranslation(NS);
  const enabled = useSession((state) => state.visaCreationEnabled);
  if (!enabled) return null;
  return (
    <Link to="/protected/visa/create?step=1" className="btn btn-primary" data-testid="add-visa-button">
      {t('addButton.label')}
    </Link>
  );
}
