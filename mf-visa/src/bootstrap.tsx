import { Route, Routes } from 'react-router-dom';
import { mountDevHost } from '@varco/ui/dev-host';
import AddVisaButton from './exposed/add-visa-button';
import LatestVisas from './exposed/latest-visas';
import VisaRoutes from './exposed/routes';
import { VisaStatusLegend } from './features/visa';

// Standalone development: the routes under the prefix the shell gives them, and the widgets on any other page.
// The add button follows the session flag visaCreationEnabled, which the mock host leaves false unless set.
void mountDevHost('mf-visa', () => (
  <Routes>
    <Route path="/protected/visa/*" element={<VisaRoutes />} />
    <Route
      path="*"
      element={
        <>
          <AddVisaButton />
          <div className="row g-4 mt-1">
            <div className="col-lg-6">
              <LatestVisas />
            </div>
            <div className="col-lg-6">
              <VisaStatusLegend />
            </div>
          </div>
        </>
      }
    />
  </Routes>
));
