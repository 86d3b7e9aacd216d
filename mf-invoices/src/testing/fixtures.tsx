import type { Language } from '@varco/contracts';
import { renderMounted, TEST_TRAVELER } from '@varco/ui/testing';
import InvoicesRoutes from '../exposed/routes';

/** Renders the routes of this remote where the shell mounts them, signed in. */
export function renderRoutes(route: string, language: Language = 'en_US') {
  return renderMounted('/protected/invoice/*', <InvoicesRoutes />, { route, user: TEST_TRAVELER, language });
}
