import { REMOTE_MOUNTS } from '@varco/federation-contract';
import { mountDevHost } from '@varco/ui/dev-host';
import AuthRoutes from './exposed/routes';

// Standalone development: every section under the prefix the shell gives it (its guards are not reproduced here).
void mountDevHost('mf-auth', {
  mounts: REMOTE_MOUNTS.flatMap((mount) =>
    mount.module === 'mfAuth/routes' ? [{ path: mount.path, element: <AuthRoutes {...mount.props} /> }] : [],
  ),
});
