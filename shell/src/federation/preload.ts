import { preloadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@varco/contracts';
import { loadRemoteProviders } from './remote-component';

/** Marked when the shell starts preloading: the bundle bench counts what comes after it apart from the first visit. */
export const PRELOAD_MARK = 'varco:preload';

type IdleScheduler = (callback: () => void) => () => void;

/** Runs `callback` once the page is idle (after the first screen has been drawn); returns a cancel. */
export const whenIdle: IdleScheduler = (callback) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  // Browsers without idle callbacks (Safari): after the current work and the next paint.
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
};

/**
 * Fetches, when the page is idle, what the first screen of these remotes needs: the shell's remote providers, each
 * remote's manifest and entry, and the chunks of its routes module (not executed, and not the shared libraries the
 * page already provides). A remote that fails or is refused here is left to the normal load, which shows the notice.
 */
export function preloadWhenIdle(remotes: RemoteName[], schedule: IdleScheduler = whenIdle): () => void {
  return schedule(() => {
    performance.mark?.(PRELOAD_MARK);
    void loadRemoteProviders().catch(() => undefined);
    const preloads = remotes.map((nameOrAlias) => ({ nameOrAlias, exposes: ['routes'], resourceCategory: 'sync' as const, share: false, depsRemote: false }));
    Promise.resolve()
      .then(() => preloadRemote(preloads))
      .catch(() => undefined);
  });
}
