import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { HOME_INVOICES_LIMIT, HOME_VISAS_LIMIT } from '@varco/contracts/plain';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { PageLoader } from './page-loader';

/** How many records of each kind the home shows (docs/domain.md). */
const HOME_LIMITS = { invoices: HOME_INVOICES_LIMIT, visas: HOME_VISAS_LIMIT };

export interface LatestListProps<D, T> {
  /** What the widget lists: its limit, its empty state and its test id (`latest-<kind>`). */
  kind: keyof typeof HOME_LIMITS;
  query: UseQueryResult<D>;
  /** The records of an answer, newest first. */
  itemsOf: (data: D) => T[];
  /** The load failure, in the words of the remote that shows it. */
  loadError: string;
  children: (item: T) => ReactNode;
}

/**
 * A home widget (docs/screens.md /protected): the latest records of a kind, no more than the home shows, a loader
 * while they come, the empty state, or a load failure rather than a blank. The shell gives the heading and the View
 * all link.
 */
export function LatestList<D, T>({ kind, query, itemsOf, loadError, children }: LatestListProps<D, T>) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadError message={loadError} />;
  const items = itemsOf(query.data);
  if (items.length === 0) return <EmptyState kind={kind} />;
  return (
    <ul className="list-group" data-testid={`latest-${kind}`}>
      {items.slice(0, HOME_LIMITS[kind]).map((item) => children(item))}
    </ul>
  );
}
