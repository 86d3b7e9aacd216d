import { useTranslation } from 'react-i18next';
import { HOME_VISAS_LIMIT } from '@varco/contracts';
import { LatestList } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useLatestVisas } from '../api/get-visa-list';
import { VisaItem } from './visa-item';

/** docs/screens.md /protected home: the latest 4 visa requests (the shell gives the heading and the View all link). */
export function LatestVisas() {
  const { t } = useTranslation(NS);
  const query = useLatestVisas(HOME_VISAS_LIMIT);
  return (
    <LatestList kind="visas" query={query} itemsOf={(data) => data.requests} loadError={t('latest.loadError')}>
      {(visa) => <VisaItem key={visa.idRichiesta} visa={visa} />}
    </LatestList>
  );
}
