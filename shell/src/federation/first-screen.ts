// Imports only types: the page's entry (main.js) reads this before the federation's shared modules exist.
import type { RemoteName } from '@varco/federation-contract';

export interface FirstScreenRemote {
  nameOrAlias: RemoteName;
  exposes: string[];
  /** For a remote's page, the page's address below the remote's mount (`12` for `/protected/visa/12`). */
  below?: string;
}

/** The signed-in home (docs/screens.md). */
const SIGNED_IN_HOME = '/protected';

const normalised = (pathname: string) => pathname.replace(/\/$/, '') || '/';

/** Whether the page opens on the signed-in home. */
export function isSignedInHome(pathname: string): boolean {
  return normalised(pathname) === SIGNED_IN_HOME;
}

/** What the first screen of a signed-in page mounts from the remotes, by path (docs/screens.md). */
const FIRST_SCREEN_REMOTES: Record<string, FirstScreenRemote[]> = {
  [SIGNED_IN_HOME]: [
    { nameOrAlias: 'mfVisa', exposes: ['LatestVisas', 'AddVisaButton'] },
    { nameOrAlias: 'mfInvoices', exposes: ['LatestInvoices'] },
    { nameOrAlias: 'mfNotifications', exposes: ['Bell'] },
  ],
};

/** The remotes' modules the first screen of `pathname` mounts; none for a page without widgets. */
export function firstScreenRemotes(pathname: string): FirstScreenRemote[] {
  return FIRST_SCREEN_REMOTES[normalised(pathname)] ?? [];
}
