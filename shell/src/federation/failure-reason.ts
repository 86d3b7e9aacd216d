import type { RemoteFailureReason } from '@varco/contracts/plain';
import { IncompatibleRemoteError } from './contract-plugin';

const messageOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? `${(error as Error).name} ${(error as Error).message}` : String(error);

/** The runtime's script timeout ("timed out"), webpack's chunk timeout ("(timeout: <url>)"). */
const TIMED_OUT = /timed out|\(timeout: /i;
/** A file that did not arrive: a chunk (webpack), the entry or a manifest (the federation runtime's codes). */
const NOT_ARRIVED = /ChunkLoadError|Loading (CSS )?chunk|ScriptNetworkError|RUNTIME-00[1378]/;

/**
 * Why a remote did not show, from what failed: its load (a manifest, entry or chunk that did not arrive, or arrived
 * late, or a contract the shell refused) or its render (what the boundary caught: a chunk it needed that did not
 * arrive, else the remote's own code that threw).
 */
export function failureReason(error: unknown, stage: 'load' | 'render'): RemoteFailureReason {
  if (error instanceof IncompatibleRemoteError) return 'contract';
  const message = messageOf(error);
  if (TIMED_OUT.test(message)) return 'timeout';
  return stage === 'load' || NOT_ARRIVED.test(message) ? 'network' : 'render';
}
