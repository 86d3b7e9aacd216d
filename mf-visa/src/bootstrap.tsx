import { mountDevHost } from '@varco/ui/dev-host';
import AddVisaButton from './exposed/add-visa-button';
import LatestVisas from './exposed/latest-visas';
import VisaRoutes from './exposed/routes';
import { VisaStatusLegend } from './features/visa';

// Standalone development: the routes under the prefix the shell gives them, and the widgets at any other address.
// The add button follows the session flag visaCreationEnabled, which the mock host leaves false unless set.
void mountDevHost('mf-visa', {
  mounts: [{ path: '/protected/visa/*', element: <VisaRoutes /> }],
  widgets: [<AddVisaButton />, <LatestVisas />, <VisaStatusLegend />],
});
