import { useTranslation } from 'react-i18next';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldNotes, useFieldIds } from './field-issue';
import { useRuleField } from './use-rule-form';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps<Values extends FieldValues> {
  name: FieldPath<Values>;
  label: string;
  options: ReadonlyArray<SelectOption>;
  required?: boolean;
  autoComplete?: string;
  hint?: string | undefined;
  /** The text of the empty choice; "Select" by default. */
  placeholder?: string;
}

/** A labelled select of the design system bound to a field of the surrounding form; disabled while it has no options. */
export function SelectField<Values extends FieldValues>({
  name,
  label,
  options,
  required = false,
  autoComplete,
  hint,
  placeholder,
}: SelectFieldProps<Values>) {
  const { t } = useTranslation('common');
  const { field, error } = useRuleField<Values>(name);
  const ids = useFieldIds(hint, error);
  const { id, describedBy } = ids;
  return (
    <div className="select-wrapper mb-5">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select
        id={id}
        name={field.name}
        ref={field.ref}
        className={error ? 'is-invalid' : undefined}
        value={(field.value as string | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={options.length === 0}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder ?? t('form.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes ids={ids} hint={hint} error={error} />
    </div>
  );
}
