import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as lent from './runtime-core-lent';

/**
 * Lends the shell's federation runtime to the remotes, which are built with `externalRuntime` and so do not each
 * download their own copy. Only what a remote's runtime imports is handed over (./runtime-core-lent.ts): the shell's
 * bundle already holds all of it, so this costs nothing, where the stock provider would add the whole runtime package
 * (node loaders included) to the first visit.
 */
export default function provideRuntimeCore(): ModuleFederationRuntimePlugin {
  return {
    name: 'varco-provide-runtime-core',
    beforeInit(args) {
      const target = lent.Global as unknown as Record<string, unknown>;
      target._FEDERATION_RUNTIME_CORE ??= { ...lent };
      return args;
    },
  };
}
