import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface RecordItemProps {
  /** The test ids' prefix: `<name>-item` for the item, `<name>-amount` for its amount. */
  name: string;
  /** The record's detail page. */
  to: string;
  /** The link's text: what the traveler knows the record by. */
  title: string;
  /** What describes the record under its title. */
  children: ReactNode;
  /** The amount, already formatted for the language. */
  amount: string;
  badge: ReactNode;
}

/** One record (an invoice, a visa request) in a list: its title linked to its detail, then its amount and status. */
export function RecordItem({ name, to, title, children, amount, badge }: RecordItemProps) {
  return (
    <li className="list-group-item" data-testid={`${name}-item`}>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div>
          <Link to={to} className="fw-semibold">
            {title}
          </Link>
          {children}
        </div>
        <div className="text-end ms-auto">
          <div className="fw-semibold" data-testid={`${name}-amount`}>
            {amount}
          </div>
          {badge}
        </div>
      </div>
    </li>
  );
}
