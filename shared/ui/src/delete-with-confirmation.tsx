import { useState, type ReactNode } from 'react';

export interface DeleteWithConfirmationProps {
  /** The ids of the question's title and text: `${id}-title`, `${id}-text`. */
  id: string;
  /** The button that asks the question. */
  label: string;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** The confirmed call is running: both answers wait. */
  pending: boolean;
  /** What to show when the confirmed call failed. */
  error?: ReactNode;
  /** More classes for the question's callout. */
  className?: string;
}

/** A deletion, which cannot be undone: a button, then a question with the safe answer focused. */
export function DeleteWithConfirmation({
  id,
  label,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending,
  error,
  className,
}: DeleteWithConfirmationProps) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
        {label}
      </button>
    );
  return (
    <section
      className={className ? `callout danger ${className}` : 'callout danger'}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="delete-confirmation"
    >
      <div className="callout-inner">
        <h2 className="h5" id={`${id}-title`}>
          {title}
        </h2>
        <p id={`${id}-text`}>{text}</p>
        {error}
        <div className="d-flex flex-wrap gap-3">
          <button type="button" className="btn btn-danger" disabled={pending} onClick={onConfirm}>
            {confirmLabel}
          </button>
          {/* The safe choice has the focus when the question appears. */}
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={pending}
            onClick={() => setConfirming(false)}
            autoFocus
          >
            {cancelLabel}
          </button>
        </div>
      </div>
    </section>
  );
}
