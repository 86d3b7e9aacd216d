// What the shell imports from `@module-federation/enhanced/runtime`, in the bench's single bundle
// (./webpack.config.cjs): the remotes' exposed modules are chunks of the same build, so there is nothing to register,
// check or retry; a module is loaded by its `import()`.
// Made by webpack's VirtualUrlPlugin (webpack.config.cjs): each exposed module id → the `import()` of its source.
import exposedModules from 'virtual:exposed-modules';

export function registerPlugins() {}

export function registerRemotes() {}

/** `loadRemote('mfVisa/LatestVisas')`: the module itself; a missing one is null, as the federation runtime answers. */
export function loadRemote(id) {
  return exposedModules[id]?.() ?? Promise.resolve(null);
}

/** The shell's idle preload of the next remotes' routes: their chunks, as the federated preload fetches them. */
export function preloadRemote(preloads) {
  return Promise.all(
    preloads.flatMap(({ nameOrAlias, exposes }) => exposes.map((expose) => loadRemote(`${nameOrAlias}/${expose}`))),
  );
}
