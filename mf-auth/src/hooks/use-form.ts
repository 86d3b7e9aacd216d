import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { Rule, ValidationIssue } from '../lib/validation';

/** What a field component needs: its value and handlers, and the issue found when it was last checked. */
export interface FieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  onBlur: () => void;
  issue: ValidationIssue | null;
}

/** Whether a mouse button, a finger or a pen is pressed on the page right now. */
let pointerPressed = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerPressed = true), true);
  document.addEventListener('pointerup', () => (pointerPressed = false), true);
  document.addEventListener('pointercancel', () => (pointerPressed = false), true);
}

/**
 * Runs `show` now, or, when a press of the pointer took the focus away (a click on Confirm), once the press is over
 * and its click has run: a message that appeared between the press and the release would push the button away from
 * under the pointer, and the click would never happen.
 */
function afterPointerRelease(show: () => void): void {
  if (!pointerPressed) {
    show();
    return;
  }
  const release = () => {
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', release, true);
    // The click of this press is dispatched right after the release, in the same task.
    setTimeout(show, 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

export type FormRules<Values> = { [Name in keyof Values]?: ReadonlyArray<Rule<Values>> };

/**
 * A small form state with the validation of SPEC §5: a field is checked when it loses focus, checked again
 * while it is being corrected, and every field is checked on submit (focus goes to the first wrong one).
 */
export function useForm<Values extends Record<string, string>>(initialValues: Values, rules: FormRules<Values>) {
  const idPrefix = useId();
  const [values, setValues] = useState(initialValues);
  const [issues, setIssues] = useState<Partial<Record<keyof Values, ValidationIssue>>>({});
  const submits = useRef(0);

  const check = (name: keyof Values, current: Values): ValidationIssue | undefined => {
    for (const rule of rules[name] ?? []) {
      const issue = rule(current[name] ?? '', current);
      if (issue) return issue;
    }
    return undefined;
  };
  const fieldId = (name: keyof Values & string) => `${idPrefix}${name}`;

  function field(name: keyof Values & string): FieldBinding {
    return {
      id: fieldId(name),
      name,
      value: values[name] ?? '',
      onChange: (event) => {
        const target = event.target;
        // A checkbox holds 'true' when ticked, '' otherwise: every value of the form stays a string.
        const value = target instanceof HTMLInputElement && target.type === 'checkbox' ? (target.checked ? 'true' : '') : target.value;
        const next = { ...values, [name]: value } as Values;
        setValues(next);
        if (issues[name]) setIssues((previous) => ({ ...previous, [name]: check(name, next) }));
      },
      onBlur: () => {
        const submitsBefore = submits.current;
        // A submit in the meantime (the press was on Confirm) has checked every field already, and may have shown the
        // server's messages since.
        afterPointerRelease(() => {
          if (submits.current === submitsBefore) setIssues((previous) => ({ ...previous, [name]: check(name, values) }));
        });
      },
      issue: issues[name] ?? null,
    };
  }

  function handleSubmit(onValid: (values: Values) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submits.current += 1;
      const found: Partial<Record<keyof Values, ValidationIssue>> = {};
      let first: (keyof Values & string) | undefined;
      for (const name of Object.keys(values) as Array<keyof Values & string>) {
        const issue = check(name, values);
        if (issue) {
          found[name] = issue;
          first ??= name;
        }
      }
      setIssues(found);
      if (first) document.getElementById(fieldId(first))?.focus();
      else onValid(values);
    };
  }

  /** Sets values from code (a reset, a cleared captcha); their issues go away. */
  function setFieldValues(changes: Partial<Values>) {
    setValues((previous) => ({ ...previous, ...changes }));
    setIssues((previous) => {
      const next = { ...previous };
      for (const name of Object.keys(changes) as Array<keyof Values>) delete next[name];
      return next;
    });
  }

  /** Shows issues found elsewhere (the server's per-field messages, SPEC §8) on their fields. */
  function showIssues(found: Partial<Record<keyof Values, ValidationIssue>>) {
    setIssues((previous) => ({ ...previous, ...found }));
  }

  return { values, field, handleSubmit, setFieldValues, showIssues };
}
