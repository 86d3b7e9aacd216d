import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from '../hooks/use-form';
import { NS } from '../i18n/namespace';
import { TextField } from './text-field';

interface PasswordFieldProps extends FieldBinding {
  label: string;
  required?: boolean;
  autoComplete: 'new-password' | 'current-password';
  hint?: string;
}

/** A password input with a show/hide toggle (SPEC §2 registration form). */
export function PasswordField({ label, required, autoComplete, hint, ...binding }: PasswordFieldProps) {
  const { t } = useTranslation(NS);
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      aria-controls={binding.id}
      aria-pressed={visible}
      aria-label={visible ? t('form.hidePassword', { field: label }) : t('form.showPassword', { field: label })}
      onClick={() => setVisible((current) => !current)}
    >
      {visible ? t('form.hide') : t('form.show')}
    </button>
  );
  return <TextField {...binding} label={label} type={visible ? 'text' : 'password'} required={required} autoComplete={autoComplete} hint={hint} addon={toggle} />;
}
