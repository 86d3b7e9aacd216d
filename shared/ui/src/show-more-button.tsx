import { useShownPages, type PagedQuery } from './shown-pages';

/** The part of an infinite query that the Show more button reads. */
export interface ShowMoreQuery extends PagedQuery {
  isFetchingNextPage: boolean;
}

export interface ShowMoreButtonProps {
  query: ShowMoreQuery;
  /** Where the history entry keeps how many pages are shown (`useShownPages`). */
  historyKey: string;
  /** The remote's words for the button. */
  label: string;
}

/**
 * Show more under an infinite list: there while a next page exists, busy while it comes, and the pages shown kept in
 * the history entry, so that Back finds the list as it was left.
 */
export function ShowMoreButton({ query, historyKey, label }: ShowMoreButtonProps) {
  const showMore = useShownPages(query, historyKey);
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="btn btn-outline-primary mt-3"
      onClick={showMore}
      disabled={query.isFetchingNextPage}
    >
      {label}
    </button>
  );
}
