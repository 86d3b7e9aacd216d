// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build configuration is CommonJS
const { FederationShareRuntimeOnly } = require('./federation-share-runtime.cjs') as {
  FederationShareRuntimeOnly: new () => { apply: (compiler: unknown) => void };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack's own sharing runtime module
const WebpackShareRuntimeModule = require('webpack/lib/sharing/ShareRuntimeModule') as new () => { name: string };

/** Runs the plugin on one chunk holding these runtime modules; returns those it disconnected. */
function run(runtimeModules: Array<{ name: string }>) {
  const disconnected: unknown[] = [];
  const chunk = {};
  const compilation = {
    chunks: [chunk],
    chunkGraph: {
      getChunkRuntimeModulesIterable: () => runtimeModules,
      disconnectChunkAndRuntimeModule: (_chunk: unknown, module: unknown) => disconnected.push(module),
    },
    hooks: { afterRuntimeRequirements: { tap: (_name: string, callback: () => void) => callback() } },
  };
  new FederationShareRuntimeOnly().apply({
    hooks: {
      thisCompilation: { tap: (_name: string, callback: (compilation: unknown) => void) => callback(compilation) },
    },
  });
  return disconnected;
}

describe('FederationShareRuntimeOnly', () => {
  it("drops webpack's sharing runtime module where the federation's is beside it", () => {
    const webpacks = new WebpackShareRuntimeModule();
    expect(run([webpacks, { name: 'sharing' }, { name: 'consumes' }])).toEqual([webpacks]);
  });

  it("keeps webpack's where it is the only one", () => {
    expect(run([new WebpackShareRuntimeModule(), { name: 'consumes' }])).toEqual([]);
  });
});
