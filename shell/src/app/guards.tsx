import { Navigate, Outlet } from 'react-router-dom';
import { useIsSignedIn } from '@varco/session';

/** Public-only pages send signed-in travelers to their home (docs/screens.md). */
export function PublicOnly() {
  return useIsSignedIn() ? <Navigate to="/protected" replace /> : <Outlet />;
}

/** Protected pages send signed-out visitors to the sign-in page (docs/screens.md). */
export function Protected() {
  return useIsSignedIn() ? <Outlet /> : <Navigate to="/sign-in" replace />;
}
