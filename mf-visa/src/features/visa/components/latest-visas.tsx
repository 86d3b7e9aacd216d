import { useTranslation } from 'react-i18next';
import { HOME_VISAS_LIMIT } from '@varco/contracts';
import { EmptyState, LoadError, PageLoader } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useLatestVisas } from '../api/get-visa-list';
import { VisaItem } from './visa-item';

/** docs/screens.md /protected home: the latest 4 visa requests (the shell gives the heading and the View all link). */
export function LatestVisas() {
  const { t } = useTranslation(NS);
  const query = useLatestVisas(HOME_VISAS_LIMIT);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return <LoadError message={t('latest.loadError')} />;
  if (query.data.requests.length === 0) return <EmptyState kind="visas" />;
  return (
    <ul className="list-group" data-testid="latest-visas">
      {query.data.requests.slice(0, HOME_VISAS_LIMIT).map((visa) => (
        <VisaItem key={visa.idRichiesta} visa={visa} />
      ))}
    </ul>
  );
}
