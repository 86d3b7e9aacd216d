import { lazy, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteOf, type ExposedModuleId, type ExposedModules, type RemoteModule } from '@varco/federation-contract';
import { RemoteBoundary } from '@varco/ui';
import { apiClient } from '../session/api-client';
import { startRemoteLoad, type RemoteLoad } from '../beacons/remote-loads';
import { loadDesignSystem } from '../lib/design-system';
import { failureReason } from './failure-reason';
import { RemoteMountContext, createStandInModule, standInReason } from './stand-in';

let providers: Promise<typeof import('./remote-providers')> | undefined;
/** Loads what every remote needs from the page, once; remotes call the api through @varco/http, configured here. */
export function loadRemoteProviders() {
  providers ??= Promise.all([import('./remote-providers'), apiClient()]).then(([module]) => module);
  // A failed load is tried again by the next mount.
  providers.catch(() => (providers = undefined));
  return providers;
}
const RemoteProviders = lazy(loadRemoteProviders);

async function loadModule<Id extends ExposedModuleId>(
  id: Id,
  load: RemoteLoad,
): Promise<{ default: ComponentType<ExposedModules[Id]> }> {
  let loaded: RemoteModule<Id> | null;
  try {
    // The remote's design-system components are styled by the whole design system, which it waits for.
    [loaded] = await Promise.all([loadRemote<RemoteModule<Id>>(id), loadDesignSystem()]);
  } catch (error) {
    load.failed(failureReason(error, 'load'));
    throw error;
  }
  // The fallback plugin answers a failed load; this covers a remote that loads but exposes nothing usable.
  const usable =
    loaded && typeof loaded.default === 'function'
      ? loaded
      : (createStandInModule(remoteOf(id), 'contract') as unknown as RemoteModule<Id>);
  const standIn = standInReason(usable);
  if (standIn) load.failed(standIn);
  else load.loaded();
  return usable;
}

type RemoteComponentProps<Id extends ExposedModuleId> = {
  id: Id;
  page?: boolean;
  frame?: boolean;
} & (ExposedModules[Id] extends Record<string, never> ? { props?: ExposedModules[Id] } : { props: ExposedModules[Id] });

/**
 * Renders a module exposed by a remote, typed by `ExposedModules`, inside the remote boundary (third layer of
 * resilience). Retry loads the module again. `page` when it is a whole page (a route), not a widget; `frame` when it
 * is a small place of the page's frame (the header's bell), where a failure is a small retry button.
 */
export function RemoteComponent<Id extends ExposedModuleId>({
  id,
  props,
  page = false,
  frame = false,
}: RemoteComponentProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  // A new lazy component per attempt (React remembers a lazy component's failure forever), each one load reported.
  const { Lazy, load } = useMemo(() => {
    const load = startRemoteLoad(remoteOf(id));
    const Lazy = lazy(() => loadModule(id, load)) as unknown as ComponentType<ExposedModules[Id]>;
    return { Lazy, load };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the reason to build it again
  }, [id, attempt]);
  useEffect(() => {
    load.mounted();
    return () => load.ended();
  }, [load]);
  const renderFailed = useCallback((error: unknown) => load.failed(failureReason(error, 'render')), [load]);
  return (
    <RemoteMountContext.Provider value={useMemo(() => ({ retry, page, frame }), [retry, page, frame])}>
      <RemoteBoundary remote={remoteOf(id)} onRetry={retry} onError={renderFailed} page={page} frame={frame}>
        <RemoteProviders>
          <Lazy {...((props ?? {}) as ExposedModules[Id] & object)} />
        </RemoteProviders>
      </RemoteBoundary>
    </RemoteMountContext.Provider>
  );
}
