import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';

/**
 * The account part of the registration and of the completion of a digital identity registration, in the surrounding
 * form: the e-mail address and its confirmation (then `children`, the registration's password pair), the privacy
 * consent with its link.
 */
export function AccountFields({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <h2 className="h4 mt-3 mb-5">{t('signUp.accountTitle')}</h2>
      <div className="row">
        <div className="col-md-6">
          <TextField
            name="email"
            label={t('signUp.email')}
            type="email"
            inputMode="email"
            required
            autoComplete="email"
          />
        </div>
        <div className="col-md-6">
          <TextField
            name="confirmEmail"
            label={t('signUp.confirmEmail')}
            type="email"
            inputMode="email"
            required
            autoComplete="email"
          />
        </div>
        {children}
      </div>
      <CheckboxField name="privacy" label={t('signUp.privacy')} required />
      <p className="small mt-n3 mb-4">
        <a href={t('signUp.privacyUrl')} target="_blank" rel="noreferrer">
          {t('signUp.privacyLink')}
        </a>
      </p>
    </>
  );
}

/** Abort (back home) and Confirm, disabled while the form is being sent. */
export function AccountFormActions({ sending }: { sending: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div className="d-flex flex-wrap gap-3">
      <Link to="/" className="btn btn-outline-secondary">
        {t('signUp.abort')}
      </Link>
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {t('signUp.confirm')}
      </button>
    </div>
  );
}
