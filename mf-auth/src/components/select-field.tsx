import { useTranslation } from 'react-i18next';
import type { Lookup } from '@varco/contracts';
import type { FieldBinding } from '../hooks/use-form';
import { NS } from '../i18n/namespace';
import { FieldIssue } from './field-issue';

interface SelectFieldProps extends FieldBinding {
  label: string;
  options: ReadonlyArray<Lookup>;
  required?: boolean;
  autoComplete?: string;
}

/** A select of lookup records (SPEC §3: the code is the value, the description the label); disabled without options (SPEC §2). */
export function SelectField({ id, name, value, onChange, onBlur, issue, label, options, required = false, autoComplete }: SelectFieldProps) {
  const { t } = useTranslation(NS);
  const issueId = `${id}-issue`;
  return (
    <div className="select-wrapper mb-5">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={name}
        className={issue ? 'is-invalid' : undefined}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={options.length === 0}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={issue ? issueId : undefined}
      >
        <option value="">{t('form.choose')}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.description}
          </option>
        ))}
      </select>
      {issue ? <FieldIssue id={issueId} issue={issue} /> : null}
    </div>
  );
}
