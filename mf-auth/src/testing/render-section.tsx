import { Route, Routes, useLocation } from 'react-router-dom';
import { REMOTE_MOUNTS, type AuthSection, type SessionUser } from '@varco/contracts';
import { renderWithProviders } from '@varco/ui/testing';
import AuthRoutes from '../exposed/routes';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** Renders one section of this remote where the shell mounts it, with the current address in `where`. */
export function renderSection(section: AuthSection, route: string, options: { user?: SessionUser; language?: 'it_IT' | 'en_US' } = {}) {
  const mount = REMOTE_MOUNTS.find((item) => item.module === 'mfAuth/routes' && item.props.section === section);
  if (!mount) throw new Error(`no mount for ${section}`);
  return renderWithProviders(
    <>
      <Routes>
        <Route path={mount.path} element={<AuthRoutes section={section} />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route, ...options },
  );
}
