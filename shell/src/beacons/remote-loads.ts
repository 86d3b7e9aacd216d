import type { RemoteFailureReason } from '@varco/contracts/plain';
import type { RemoteName } from '@varco/federation-contract';
import { releaseOf } from './releases';
import { report, whenHiding } from './sender';

/** One load of a remote by the shell (a mount, or its Retry): told what becomes of it, reported once. */
export interface RemoteLoad {
  /** Its module arrived; ok unless it throws before its mount ends or the page is hidden. */
  loaded(): void;
  failed(reason: RemoteFailureReason): void;
  /** Its mount was committed: a render React discards (a tree that suspended) loads for nothing and says nothing. */
  mounted(): void;
  /** Its mount is gone (another page, another attempt). */
  ended(): void;
}

/** The successes to report when the page is hidden: loads shown, their outcome not reported yet. */
const shown = new Set<() => void>();

whenHiding(() => {
  for (const succeed of [...shown]) succeed();
});

/**
 * Starts following one load of `remote`. A failure is reported at once; success when the mount ends or the page is
 * hidden, so that a remote that throws once its data arrives counts as failed, not ok. Each load is reported once,
 * however often React renders the failed tree again.
 */
export function startRemoteLoad(remote: RemoteName): RemoteLoad {
  let arrived = false;
  let failure: RemoteFailureReason | undefined;
  let committed = false;
  let reported = false;
  const send = () => {
    reported = true;
    shown.delete(succeed);
    const release = releaseOf(remote);
    if (!release) return;
    report(
      failure
        ? { type: 'remote-load', outcome: 'failed', reason: failure, ...release }
        : { type: 'remote-load', outcome: 'ok', ...release },
    );
  };
  const succeed = () => {
    if (!reported && arrived && !failure && committed) send();
  };
  const settle = () => {
    if (reported || !committed) return;
    if (failure) send();
    else if (arrived) shown.add(succeed);
  };
  return {
    loaded() {
      arrived = true;
      settle();
    },
    failed(reason) {
      failure ??= reason;
      settle();
    },
    mounted() {
      committed = true;
      settle();
    },
    ended() {
      succeed();
      committed = false;
    },
  };
}
