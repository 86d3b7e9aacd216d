import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { REMOTE_MOUNTS, type Guard } from '@varco/federation-contract';
import { PageLoader } from '@varco/ui';
import { RemoteComponent } from '../federation/remote-component';
import { HowToPage } from '../pages/howto-page';
import { ServerErrorPage } from '../pages/server-error-page';
import { WelcomePage } from '../pages/welcome-page';
import { Protected, PublicOnly } from './guards';

// Signed-in pages load when first visited, which keeps a first visit of / small; a page that opens on the signed-in
// home starts its code at once (bootstrap.tsx), not once this route renders.
let loadedHome: typeof import('../pages/protected-home') | undefined;
export const loadProtectedHome = () => import('../pages/protected-home').then((module) => (loadedHome = module));
const LazyProtectedHome = lazy(() => loadProtectedHome().then((module) => ({ default: module.ProtectedHome })));

/**
 * The signed-in home, from its code at once when it has arrived (React's lazy would still show the page loader for a
 * frame, and the footer would move up into view when the home, shorter than the loader, replaced it).
 */
function ProtectedHomeRoute() {
  if (loadedHome) return <loadedHome.ProtectedHome />;
  return (
    <Suspense fallback={<PageLoader />}>
      <LazyProtectedHome />
    </Suspense>
  );
}

function remoteRoutes(guard: Guard) {
  return REMOTE_MOUNTS.filter((mount) => mount.guard === guard).map((mount) => (
    // Keyed by the mount, so that moving between two remotes' pages starts a fresh mount (and a fresh boundary).
    <Route
      key={mount.path}
      path={mount.path}
      element={<RemoteComponent key={mount.path} id={mount.module} props={mount.props as never} page />}
    />
  ));
}

/** docs/screens.md routes: public-only pages, protected pages, the remotes under their prefixes, and / for the rest. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route index element={<WelcomePage />} />
        <Route path="/howto" element={<HowToPage />} />
        {remoteRoutes('public-only')}
      </Route>
      <Route element={<Protected />}>
        <Route path="/protected" element={<ProtectedHomeRoute />} />
        {remoteRoutes('protected')}
      </Route>
      <Route path="/server-error" element={<ServerErrorPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
