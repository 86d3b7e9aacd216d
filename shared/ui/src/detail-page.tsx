import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { NotFoundState } from './detail';
import { PageLoader } from './page-loader';
import { pageTitleProps } from './page-title';

/** The texts of a detail page, in the words of the remote that shows it. */
export interface DetailPageTexts {
  title: string;
  notFoundTitle: string;
  notFoundText: string;
  homepage: string;
  /** The heading of a load failure; none when the failure is one sentence. */
  loadErrorTitle?: string;
  loadErrorText: string;
  back: string;
}

export interface DetailPageProps<T> {
  /** The test ids' prefix: `<name>-not-found`, `<name>-load-error`. */
  name: string;
  query: UseQueryResult<T>;
  /** No such record: an address with no valid id, or a 404 (another traveler's record answers 404 too). */
  notFound: boolean;
  texts: DetailPageTexts;
  /** The page's name in the tab once the record is shown, with what tells it apart (its code); the title without. */
  pageTitle?: (data: T) => string;
  children: (data: T) => ReactNode;
}

/** A load failure other than not found: what happened, and a button back to the page before. */
function LoadFailure({ name, texts }: { name: string; texts: DetailPageTexts }) {
  const navigate = useNavigate();
  return (
    <div className="alert alert-danger" role="alert" data-testid={`${name}-load-error`}>
      {texts.loadErrorTitle ? <h2 className="h5">{texts.loadErrorTitle}</h2> : null}
      <p>{texts.loadErrorText}</p>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => navigate(-1)}>
        {texts.back}
      </button>
    </div>
  );
}

/**
 * A detail page (docs/screens.md): its title, then the record, a loader while it comes, the not-found state with the
 * way back to the homepage, or a load failure with a go-back button (docs/calls.md: a generic error). The tab's title
 * names the record (`pageTitle`) or the state.
 */
export function DetailPage<T>({ name, query, notFound, texts, pageTitle, children }: DetailPageProps<T>) {
  let body;
  let tabTitle: string | undefined;
  if (notFound) {
    tabTitle = texts.notFoundTitle;
    body = (
      <NotFoundState
        title={texts.notFoundTitle}
        text={texts.notFoundText}
        homeLabel={texts.homepage}
        testId={`${name}-not-found`}
      />
    );
  } else if (query.isPending) body = <PageLoader />;
  else if (query.isError) {
    tabTitle = texts.loadErrorTitle ?? texts.loadErrorText;
    body = <LoadFailure name={name} texts={texts} />;
  } else {
    tabTitle = pageTitle?.(query.data);
    body = children(query.data);
  }
  return (
    <div className="container py-4">
      <h1 {...pageTitleProps(tabTitle)}>{texts.title}</h1>
      {body}
    </div>
  );
}
