import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '@varco/session';
import { NS } from '../../../i18n/namespace';
import { useUsableInvoices } from '../api/get-usable-invoices';

/**
 * The add-new-request button: only while a new request may be created, i.e. none is pending, and
 * some invoice can go into it; without one, a short note tells why there is nothing to add. Should the invoices
 * not load, the button stays: the wizard tells the rest. `whilePending` is shown while the invoices load (nothing by default).
 */
export function AddVisaButton({ whilePending = null }: { whilePending?: ReactNode }) {
  const { t } = useTranslation(NS);
  const enabled = useSession((state) => state.visaCreationEnabled);
  const usable = useUsableInvoices();
  if (!enabled) return null;
  if (usable.isPending) return whilePending;
  if (usable.isSuccess && usable.data.invoices.length === 0)
    return (
      <p className="text-muted small mb-0" data-testid="add-visa-nothing">
        {t('addButton.nothingToAdd')}
      </p>
    );
  return (
    <Link to="/protected/visa/create?step=1" className="btn btn-primary" data-testid="add-visa-button">
      {t('addButton.label')}
    </Link>
  );
}
