import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, PageLoader } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useVisaList } from '../api/get-visa-list';
import { AddVisaButton } from './add-visa-button';
import { VisaItem } from './visa-item';
import { VisaStatusLegend } from './visa-status-legend';

/** How many pages Show more has loaded, kept in the page's history entry: Back (or a reload) finds the list as it was left. */
type ShownState = { shownVisaPages?: number } | null;

/** docs/screens.md /protected/visa: every visa request, 10 at a time; Show more adds 10. */
export function VisaListPage() {
  const { t } = useTranslation(NS);
  const query = useVisaList();
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as ShownState;
  const saved = state?.shownVisaPages;
  const wanted = typeof saved === 'number' && saved > 1 ? saved : 1;
  const loaded = query.data?.pages.length ?? 0;

  // Back to a list whose answer the cache has let go: the pages shown before are loaded again, one after the other.
  const { hasNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    if (loaded > 0 && loaded < wanted && hasNextPage && !isFetching) void fetchNextPage();
  }, [loaded, wanted, hasNextPage, isFetching, fetchNextPage]);

  const showMore = () => {
    navigate({ search: location.search }, { replace: true, state: { ...state, shownVisaPages: loaded + 1 } });
    void fetchNextPage();
  };

  let body;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError)
    body = <LoadError message={t('list.loadError')} />;
  else {
    const requests = query.data.pages.flatMap((page) => page.requests);
    body =
      requests.length === 0 ? (
        <EmptyState kind="visas" />
      ) : (
        <ul className="list-group" data-testid="visa-list">
          {requests.map((visa) => (
            <VisaItem key={visa.idRichiesta} visa={visa} />
          ))}
        </ul>
      );
  }

  return (
    <div className="container py-4">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mb-3">
        <h1 className="mb-0">{t('list.title')}</h1>
        <AddVisaButton />
      </div>
      {body}
      {query.hasNextPage ? (
        <button type="button" className="btn btn-outline-primary mt-3" onClick={showMore} disabled={query.isFetchingNextPage}>
          {t('list.showMore')}
        </button>
      ) : null}
      {query.isFetchNextPageError ? (
        <div className="alert alert-danger mt-3" role="alert">
          {t('list.loadError')}
        </div>
      ) : null}
      <div className="mt-4">
        <VisaStatusLegend />
      </div>
    </div>
  );
}
