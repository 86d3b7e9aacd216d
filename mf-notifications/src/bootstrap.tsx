import { mountDevHost } from '@varco/ui/dev-host';
import Bell from './exposed/bell';
import NotificationsRoutes from './exposed/routes';

// Standalone development: the bell and the list, as the shell would mount them.
void mountDevHost('mf-notifications', {
  header: <Bell />,
  mounts: [{ path: '/protected/notifications/*', element: <NotificationsRoutes /> }],
});
