import { createContext, useContext } from 'react';
import type { RemoteFailureReason } from '@varco/contracts/plain';
import type { RemoteName } from '@varco/federation-contract';
import { RemoteUnavailable } from '@varco/ui';

/** What a stand-in needs from the mount it stands in: how to load it again, and whether it is a page or in the frame. */
export const RemoteMountContext = createContext<{ retry?: () => void; page: boolean; frame?: boolean }>({
  page: false,
});

/** Marks a stand-in module, with why the remote it stands in for is not there. */
export const STAND_IN = Symbol.for('varco.remote-stand-in');

export function createStandInModule(remote: RemoteName, reason: RemoteFailureReason) {
  function StandIn() {
    const { retry, page, frame } = useContext(RemoteMountContext);
    return <RemoteUnavailable remote={remote} onRetry={retry} page={page} frame={frame} />;
  }
  return { default: StandIn, [STAND_IN]: reason };
}

/** Why the remote a module stands in for is not there; undefined for a remote's own module. */
export function standInReason(module: unknown): RemoteFailureReason | undefined {
  return (module as { [STAND_IN]?: RemoteFailureReason } | undefined)?.[STAND_IN];
}
