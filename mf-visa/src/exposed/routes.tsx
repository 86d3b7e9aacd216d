import { Navigate, Route, Routes } from 'react-router-dom';
import type { RoutesProps } from '@varco/contracts';
import { VisaDetailPage } from '../features/visa/components/visa-detail-page';
import { VisaListPage } from '../features/visa/components/visa-list-page';
import { VisaUpdatePage, VisaWizardPage } from '../features/wizard/components/visa-wizard-page';
import { registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-visa/routes, mounted by the shell under /protected/visa; paths are relative to it. */
export default function VisaRoutes(_props: RoutesProps) {
  return (
    <Routes>
      <Route index element={<VisaListPage />} />
      <Route path="create" element={<VisaWizardPage />} />
      <Route path="update/:id" element={<VisaUpdatePage />} />
      <Route path=":id" element={<VisaDetailPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
