import { createContext, useContext } from 'react';
import type { RemoteName } from '@varco/contracts';
import { RemoteUnavailable } from '@varco/ui';

/** Lets a stand-in's retry button reload the mount it stands in. */
export const RemoteRetryContext = createContext<(() => void) | undefined>(undefined);

export const STAND_IN = Symbol.for('varco.remote-stand-in');

export function createStandInModule(remote: RemoteName) {
  function StandIn() {
    const retry = useContext(RemoteRetryContext);
    return <RemoteUnavailable remote={remote} onRetry={retry} />;
  }
  return { default: StandIn, [STAND_IN]: true };
}
