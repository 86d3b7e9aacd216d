import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, PageLoader, ShowMoreButton } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useVisaList } from '../api/get-visa-list';
import { AddVisaButton } from './add-visa-button';
import { VisaItem } from './visa-item';
import { VisaStatusLegend } from './visa-status-legend';

/** docs/screens.md /protected/visa: every visa request, 10 at a time; Show more adds 10. */
export function VisaListPage() {
  const { t } = useTranslation(NS);
  const query = useVisaList();

  let body;
  if (query.isPending) body = <PageLoader />;
  else if (query.isError) body = <LoadError message={t('list.loadError')} />;
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
      <ShowMoreButton query={query} historyKey="shownVisaPages" label={t('list.showMore')} />
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
