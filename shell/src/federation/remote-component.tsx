import { lazy, useCallback, useMemo, useState, type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { remoteOf, type ExposedModuleId, type ExposedModules, type RemoteModule } from '@varco/federation-contract';
import { RemoteBoundary } from '@varco/ui';
import { apiClient } from '../api-client';
import { loadDesignSystem } from '../design-system';
import { RemoteMountContext, createStandInModule } from './stand-in';

let providers: Promise<typeof import('./remote-providers')> | undefined;
/** Loads what every remote needs from the page, once; remotes call the api through @varco/http, configured here. */
export function loadRemoteProviders() {
  providers ??= Promise.all([import('./remote-providers'), apiClient()]).then(([module]) => module);
  // A failed load is tried again by the next mount.
  providers.catch(() => (providers = undefined));
  return providers;
}
const RemoteProviders = lazy(loadRemoteProviders);

async function loadModule<Id extends ExposedModuleId>(id: Id): Promise<{ default: ComponentType<ExposedModules[Id]> }> {
  // The remote's design-system components are styled by the whole design system, which it waits for.
  const [loaded] = await Promise.all([loadRemote<RemoteModule<Id>>(id), loadDesignSystem()]);
  // The fallback plugin answers a failed load; this covers a remote that loads but exposes nothing usable.
  if (!loaded || typeof loaded.default !== 'function')
    return createStandInModule(remoteOf(id)) as unknown as RemoteModule<Id>;
  return loaded;
}

type RemoteComponentProps<Id extends ExposedModuleId> = { id: Id; page?: boolean } & (ExposedModules[Id] extends Record<
  string,
  never
>
  ? { props?: ExposedModules[Id] }
  : { props: ExposedModules[Id] });

/**
 * Renders a module exposed by a remote, typed by `ExposedModules`, inside the remote boundary (third layer of
 * resilience). Retry loads the module again. `page` when it is a whole page (a route), not a widget.
 */
export function RemoteComponent<Id extends ExposedModuleId>({ id, props, page = false }: RemoteComponentProps<Id>) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  // A new lazy component per attempt: React remembers a lazy component's failure forever.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the reason to build it again
  const Lazy = useMemo(() => lazy(() => loadModule(id)), [id, attempt]) as unknown as ComponentType<ExposedModules[Id]>;
  return (
    <RemoteMountContext.Provider value={useMemo(() => ({ retry, page }), [retry, page])}>
      <RemoteBoundary remote={remoteOf(id)} onRetry={retry} page={page}>
        <RemoteProviders>
          <Lazy {...((props ?? {}) as ExposedModules[Id] & object)} />
        </RemoteProviders>
      </RemoteBoundary>
    </RemoteMountContext.Provider>
  );
}
