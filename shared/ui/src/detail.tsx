import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One labelled value of a detail page (a `<dl>` row). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="row py-2 border-bottom">
      <dt className="col-sm-5">{label}</dt>
      <dd className="col-sm-7 mb-0">{children}</dd>
    </div>
  );
}

/** A detail that does not exist (or is not the traveler's): what happened, and the way back to the homepage. */
export function NotFoundState({
  title,
  text,
  homeLabel,
  testId,
}: {
  title: string;
  text: string;
  homeLabel: string;
  testId?: string;
}) {
  return (
    // The link sits outside the callout: the design system colours a callout's links with its own colour.
    <div data-testid={testId}>
      <div className="callout warning">
        <div className="callout-inner">
          <div className="callout-title">{title}</div>
          <p className="mb-0">{text}</p>
        </div>
      </div>
      <Link to="/protected" className="btn btn-primary">
        {homeLabel}
      </Link>
    </div>
  );
}
