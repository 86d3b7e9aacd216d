import type { ReactNode } from 'react';
import type { FieldBinding } from '../hooks/use-form';
import { FieldIssue } from './field-issue';

interface TextFieldProps extends FieldBinding {
  label: string;
  type?: 'text' | 'email' | 'password' | 'date';
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  hint?: string;
  /** The earliest and the latest day a date field accepts. */
  min?: string;
  max?: string;
  readOnly?: boolean;
  /** A control shown at the end of the input (the show/hide toggle of a password). */
  addon?: ReactNode;
}

/** A labelled input of the design system; required fields carry an asterisk (SPEC §5). */
export function TextField({ id, name, value, onChange, onBlur, issue, label, type = 'text', required = false, autoComplete, inputMode, hint, min, max, readOnly, addon }: TextFieldProps) {
  const issueId = `${id}-issue`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, issue ? issueId : null].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      id={id}
      name={name}
      type={type}
      className={`form-control${issue ? ' is-invalid' : ''}`}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      autoComplete={autoComplete}
      inputMode={inputMode}
      min={min}
      max={max}
      readOnly={readOnly}
      aria-required={required || undefined}
      aria-invalid={issue ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="form-group">
      <label htmlFor={id} className="active">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {addon ? (
        <div className="input-group">
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <small id={hintId} className="form-text d-block">
          {hint}
        </small>
      ) : null}
      {issue ? <FieldIssue id={issueId} issue={issue} /> : null}
    </div>
  );
}
