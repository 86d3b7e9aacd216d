import { lazy, Suspense, type ReactElement } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { RoutesProps } from '@varco/federation-contract';
import { PageLoader } from '@varco/ui';
import { VisaDetailPage, VisaListPage } from '../features/visa';
import { WhenTranslated } from '@varco/i18n';
import { NS, registerTranslations } from '../i18n/namespace';

registerTranslations();

// The wizard, with its form library, loads when it is opened: the detail with its QR (what a traveler opens at the
// gate, on whatever connection there is) and the list do not wait for it.
const loadWizard = () => import('../features/wizard');
const VisaWizardPage = lazy(() => loadWizard().then((module) => ({ default: module.VisaWizardPage })));
const VisaUpdatePage = lazy(() => loadWizard().then((module) => ({ default: module.VisaUpdatePage })));

/** A page of the wizard, with the loader that shows while the wizard's code arrives. */
const withWizard = (page: ReactElement) => <Suspense fallback={<PageLoader />}>{page}</Suspense>;

/** mf-visa/routes, mounted by the shell under /protected/visa; paths are relative to it. */
export default function VisaRoutes(_props: RoutesProps) {
  return (
    <WhenTranslated ns={NS} fallback={<PageLoader />}>
      <Routes>
        <Route index element={<VisaListPage />} />
        <Route path="create" element={withWizard(<VisaWizardPage />)} />
        <Route path="update/:id" element={withWizard(<VisaUpdatePage />)} />
        <Route path=":id" element={<VisaDetailPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </WhenTranslated>
  );
}
