import { createContext, useContext } from 'react';
import type { RemoteName } from '@varco/federation-contract';
import { RemoteUnavailable } from '@varco/ui';

/** What a stand-in needs from the mount it stands in: how to load it again, and whether it is a whole page. */
export const RemoteMountContext = createContext<{ retry?: () => void; page: boolean }>({ page: false });

export const STAND_IN = Symbol.for('varco.remote-stand-in');

export function createStandInModule(remote: RemoteName) {
  function StandIn() {
    const { retry, page } = useContext(RemoteMountContext);
    return <RemoteUnavailable remote={remote} onRetry={retry} page={page} />;
  }
  return { default: StandIn, [STAND_IN]: true };
}
