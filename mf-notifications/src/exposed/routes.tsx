import { PageLoader } from '@varco/ui';
import { Route, Routes } from 'react-router-dom';
import type { RoutesProps } from '@varco/federation-contract';
import { NotificationList } from '../features/notifications';
import { WhenTranslated } from '@varco/i18n';
import { NS, registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-notifications/routes, mounted by the shell under /protected/notifications. */
export default function NotificationsRoutes(_props: RoutesProps) {
  return (
    <WhenTranslated ns={NS} fallback={<PageLoader />}>
      <Routes>
        <Route index element={<NotificationList />} />
      </Routes>
    </WhenTranslated>
  );
}
