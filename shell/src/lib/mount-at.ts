import { REMOTE_MOUNTS } from '@varco/federation-contract';

export type RemoteMount = (typeof REMOTE_MOUNTS)[number];

/** The address a mount owns, without the splat its remote routes below (`/protected/visa`). */
export const mountPrefix = (mount: RemoteMount) => mount.path.replace(/\/\*$/, '');

/** The mount of a remote that `pathname` is at or below (`/protected/visa/12`: mf-visa's routes), if any. */
export function mountAt(pathname: string): RemoteMount | undefined {
  return REMOTE_MOUNTS.find(
    (mount) => pathname === mountPrefix(mount) || pathname.startsWith(`${mountPrefix(mount)}/`),
  );
}
