import { REMOTE_MOUNTS, type AuthSection } from '@varco/federation-contract';
import type { SessionUser } from '@varco/contracts';
import { renderMounted } from '@varco/ui/testing';
import AuthRoutes from '../exposed/routes';

/** Renders one section of this remote where the shell mounts it, with the current address in `where`. */
export function renderSection(
  section: AuthSection,
  route: string,
  options: { user?: SessionUser; language?: 'it_IT' | 'en_US' } = {},
) {
  const mount = REMOTE_MOUNTS.find((item) => item.module === 'mfAuth/routes' && item.props.section === section);
  if (!mount) throw new Error(`no mount for ${section}`);
  return renderMounted(mount.path, <AuthRoutes section={section} />, { route, ...options });
}
