import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_TEXT_LENGTH, TRAVEL_DOC_NUMBER_MAX_LENGTH } from '@varco/contracts';
import { formatDate } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import type { TravelContext, TravelIssue } from '../utils/travel-form';

/** What every field of step 2 gets from the form. */
export interface FieldProps {
  id: string;
  label: string;
  value: string;
  required: boolean;
  issue: TravelIssue | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  hint?: string | undefined;
  /** What a message may name beyond the field (the exit deadline the departure cannot pass). */
  context?: TravelContext | undefined;
}

export interface SelectOption {
  value: string;
  label: string;
}

/** The translated message of an issue; for the rules the api shares, the api's own message. */
export function FieldIssue({ id, issue, context }: { id: string; issue: TravelIssue; context?: TravelContext | undefined }) {
  const { t, i18n } = useTranslation(NS);
  let message: string;
  switch (issue) {
    case 'required':
      message = t('validation.required');
      break;
    case 'empty':
      message = t('validation.empty');
      break;
    case 'minLength':
      message = t('validation.minLength', { length: MIN_TEXT_LENGTH });
      break;
    case 'date':
      message = t('validation.date');
      break;
    case 'futureDate':
      message = t('validation.futureDate');
      break;
    case 'maxLength':
      message = t('validation.maxLength', { length: TRAVEL_DOC_NUMBER_MAX_LENGTH });
      break;
    case 'flightNumber':
      message = t('validation.flightNumber');
      break;
    case 'destinationInEu':
      message = t('validation.destinationInEu');
      break;
    case 'afterDeadline':
      message = t('validation.afterDeadline', {
        deadline: context?.exitDeadline ? formatDate(context.exitDeadline.day, i18n.language) : '',
        number: context?.exitDeadline?.invoiceNumber ?? '',
      });
      break;
  }
  return (
    <div id={id} className="invalid-feedback d-block" data-testid="field-issue">
      {message}
    </div>
  );
}

function Label({ htmlFor, label, required, className }: { htmlFor: string; label: string; required: boolean; className?: string }) {
  return (
    <label htmlFor={htmlFor} className={className}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

function describedBy(id: string, issue: TravelIssue | null, hint: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, issue ? `${id}-issue` : null].filter(Boolean).join(' ') || undefined;
}

function Extras({ id, issue, hint, context }: { id: string; issue: TravelIssue | null; hint: string | undefined; context?: TravelContext | undefined }): ReactNode {
  return (
    <>
      {hint ? (
        <small id={`${id}-hint`} className="form-text d-block">
          {hint}
        </small>
      ) : null}
      {issue ? <FieldIssue id={`${id}-issue`} issue={issue} context={context} /> : null}
    </>
  );
}

/** A select of lookup records; disabled while it has no options (SPEC §2). */
export function SelectField({ id, label, value, required, issue, onChange, onBlur, options, hint }: FieldProps & { options: ReadonlyArray<SelectOption> }) {
  const { t } = useTranslation(NS);
  return (
    <div className="select-wrapper mb-4">
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        className={issue ? 'is-invalid' : undefined}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        onBlur={onBlur}
        disabled={options.length === 0}
        aria-required={required || undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, issue, hint)}
      >
        <option value="">{t('travel.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Extras id={id} issue={issue} hint={hint} />
    </div>
  );
}

/** A text or date input of the design system. */
export function InputField({
  id,
  label,
  value,
  required,
  issue,
  onChange,
  onBlur,
  hint,
  context,
  type = 'text',
  min,
  max,
  autoComplete,
}: FieldProps & { type?: 'text' | 'date'; min?: string; max?: string; autoComplete?: string }) {
  return (
    <div className="form-group mb-4">
      <Label htmlFor={id} label={label} required={required} className="active" />
      <input
        id={id}
        type={type}
        className={`form-control${issue ? ' is-invalid' : ''}`}
        value={value}
        min={min}
        max={max}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-required={required || undefined}
        aria-invalid={issue ? true : undefined}
        aria-describedby={describedBy(id, issue, hint)}
      />
      <Extras id={id} issue={issue} hint={hint} context={context} />
    </div>
  );
}

/** A checkbox whose value is 'true' when ticked. */
export function CheckboxField({ id, label, value, onChange, onBlur }: Omit<FieldProps, 'required' | 'issue'>) {
  return (
    <div className="form-check mb-4">
      <input id={id} type="checkbox" checked={value === 'true'} onChange={(event) => onChange(event.target.checked ? 'true' : '')} onBlur={onBlur} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
