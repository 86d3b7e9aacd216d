import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps<Values extends FieldValues> = Omit<
  TextFieldProps<Values>,
  'type' | 'addon' | 'autoComplete'
> & {
  autoComplete: 'new-password' | 'current-password';
};

/** A password input with a show/hide toggle. */
export function PasswordField<Values extends FieldValues>(props: PasswordFieldProps<Values>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const toggle = (inputId: string) => (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm"
      aria-controls={inputId}
      aria-pressed={visible}
      aria-label={
        visible ? t('form.hidePassword', { field: props.label }) : t('form.showPassword', { field: props.label })
      }
      onClick={() => setVisible((current) => !current)}
    >
      {visible ? t('form.hide') : t('form.show')}
    </button>
  );
  return <TextField {...props} type={visible ? 'text' : 'password'} addon={toggle} />;
}
