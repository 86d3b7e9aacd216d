import { Link, Route, Routes } from 'react-router-dom';
import { REMOTE_MOUNTS } from '@varco/federation-contract';
import { mountDevHost } from '@varco/ui/dev-host';
import AuthRoutes from './exposed/routes';

/** The sections of this remote, where the shell mounts them (its guards are not reproduced here). */
const SECTIONS = REMOTE_MOUNTS.flatMap((mount) => (mount.module === 'mfAuth/routes' ? [{ path: mount.path, props: mount.props }] : []));

// Standalone development: every section under the prefix the shell gives it, and an index of them at /.
void mountDevHost('mf-auth', () => (
  <Routes>
    {SECTIONS.map(({ path, props }) => (
      <Route key={path} path={path} element={<AuthRoutes {...props} />} />
    ))}
    <Route
      path="*"
      element={
        <ul>
          {SECTIONS.map(({ path }) => (
            <li key={path}>
              <Link to={path.replace('/*', '')}>{path.replace('/*', '')}</Link>
            </li>
          ))}
        </ul>
      }
    />
  </Routes>
));
