import { preloadRemote } from '@module-federation/enhanced/runtime';
import { toShortLanguage } from '@varco/contracts/plain';
import { remoteOf, type RemoteName } from '@varco/federation-contract';
import { currentLanguage } from '@varco/i18n';
import { mountAt, mountPrefix } from '../lib/mount-at';
import { whenIdle, type IdleScheduler } from '../lib/when-idle';
import { firstScreenRemotes, type FirstScreenRemote } from './first-screen';
import { expectFirstScreen } from './first-screen-calls';
import { prefetchFromNowOn } from './idle-prefetch';
import { loadRemoteProviders } from './remote-component';

/** Marked when the shell starts preloading: the bundle bench counts what comes after it apart from the first visit. */
export const PRELOAD_MARK = 'varco:preload';

/** What a loader of the page looks like (@varco/ui's PageLoader): a remote, its data or a lazy page still coming. */
const LOADER = '.varco-loader';
/** Past this, the preload starts even if a loader is still shown (a remote that hangs has its own notice). */
const FIRST_SCREEN_CAP_MS = 20_000;

/**
 * Runs `callback` once the first screen is drawn: no loader left in the page (its remotes, their data and the lazy
 * parts of the shell have arrived), then idle. On a slow connection the page is often idle while a widget waits for its
 * remote or the api: an idle timer alone started the preload before the largest paint, and its downloads competed with
 * the first screen's.
 */
export const whenFirstScreenDrawn: IdleScheduler = (callback) => {
  let cancelIdle: (() => void) | undefined;
  let settled = false;
  const settle = () => {
    if (settled || document.querySelector(LOADER)) return;
    settled = true;
    observer.disconnect();
    clearTimeout(cap);
    cancelIdle = whenIdle(callback);
  };
  const observer = new MutationObserver(settle);
  observer.observe(document.body, { childList: true, subtree: true });
  // The loaders of suspended remotes are committed after the effect that asks for the preload: checked a turn later.
  const first = setTimeout(settle, 0);
  const cap = setTimeout(() => {
    if (settled) return;
    settled = true;
    observer.disconnect();
    cancelIdle = whenIdle(callback);
  }, FIRST_SCREEN_CAP_MS);
  return () => {
    settled = true;
    observer.disconnect();
    clearTimeout(first);
    clearTimeout(cap);
    cancelIdle?.();
  };
};

/**
 * Fetches as prefetches, once the first screen is drawn and the page is idle, what the pages of these remotes need
 * (the remote providers, manifest, entry and routes chunks, not executed); a remote that fails here is left to the
 * normal load, which shows the notice (docs/architecture.md, "The first screen does not wait in line").
 */
export function preloadWhenIdle(remotes: RemoteName[], schedule: IdleScheduler = whenFirstScreenDrawn): () => void {
  return schedule(() => {
    performance.mark?.(PRELOAD_MARK);
    prefetchFromNowOn();
    preloadExposes(
      remotes.map((nameOrAlias) => ({ nameOrAlias, exposes: ['routes'] })),
      'all',
    );
  });
}

/**
 * The remote page `pathname` opens on (its routes module), when its guard lets this visitor see it: a link opened
 * from a mail, a reload of the visa with its QR at the gate.
 */
function remotePageOf(pathname: string, signedIn: boolean): FirstScreenRemote | undefined {
  const mount = mountAt(pathname);
  if (!mount || (mount.guard === 'protected') !== signedIn) return undefined;
  return {
    nameOrAlias: remoteOf(mount.module),
    exposes: ['routes'],
    below: pathname.slice(mountPrefix(mount).length),
  };
}

/**
 * Starts, as soon as the remotes are registered, what the first screen of `pathname` will mount (the home's widgets,
 * or the remote page it opens on, and the remote providers), instead of each chain waiting for its route to render
 * (docs/architecture.md, "The first screen does not wait in line"). Nothing for a page its guard will send elsewhere.
 */
export function preloadFirstScreen(pathname: string, signedIn: boolean): void {
  const widgets = signedIn ? firstScreenRemotes(pathname) : [];
  const page = remotePageOf(pathname, signedIn);
  const remotes = page ? [...widgets, page] : widgets;
  if (remotes.length === 0) return;
  expectFirstScreen(remotes);
  preloadExposes(remotes);
}

/** The shell's remote providers, and each remote's manifest, entry and the chunks of these exposes (not executed). */
/**
 * A remote's texts in another language than the page's (its `texts-<language>-json` chunks, mf-*\/src/i18n/namespace.ts)
 * are never needed by this page's next pages: left out of the preload.
 */
export function otherLanguagesLeftOut(url: string): boolean {
  const texts = /\/texts-(.+)-json\.[^/]*\.js$/.exec(url);
  return !texts || texts[1] === toShortLanguage(currentLanguage());
}

function preloadExposes(remotes: FirstScreenRemote[], resourceCategory: 'sync' | 'all' = 'sync'): void {
  void loadRemoteProviders().catch(() => undefined);
  Promise.resolve()
    .then(() =>
      preloadRemote(
        remotes.map(({ nameOrAlias, exposes }) => ({
          nameOrAlias,
          exposes,
          resourceCategory,
          share: false,
          depsRemote: false,
          filter: otherLanguagesLeftOut,
        })),
      ),
    )
    .catch(() => undefined);
}
