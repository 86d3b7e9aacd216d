// The bench's single bundle: the shell's own build with the remotes' exposed modules compiled in instead of loaded
// through Module Federation (docs/benches.md). page-load.mjs runs it.
const fs = require('node:fs');
const path = require('node:path');
const { experiments } = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const shellConfig = require('../../../shell/webpack.config.cjs');

const repoRoot = path.resolve(__dirname, '../../..');
/** Where the build goes; page-load.mjs lays it out as a CDN tree (deploy/dist/single-bundle/cdn). */
const OUTPUT = path.join(repoRoot, 'deploy/dist/single-bundle/build');
const REMOTES = {
  mfAuth: 'mf-auth',
  mfInvoices: 'mf-invoices',
  mfVisa: 'mf-visa',
  mfNotifications: 'mf-notifications',
};

/** `export default { 'mfAuth/routes': () => import('<repo>/mf-auth/src/exposed/routes.tsx'), ... }` */
function exposedModulesSource() {
  const entries = Object.entries(REMOTES).flatMap(([name, folder]) => {
    const exposes = JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'exposes.json'), 'utf8'));
    return Object.entries(exposes).map(
      ([key, file]) =>
        `  ${JSON.stringify(`${name}/${key.replace(/^\.\//, '')}`)}: () => import(${JSON.stringify(path.join(repoRoot, folder, file))}),`,
    );
  });
  return `export default {\n${entries.join('\n')}\n};\n`;
}

module.exports = (env, argv) => {
  // The shell's production build is its page renderer (for Node), then the browser's build, which changes here.
  const [prerender, config] = shellConfig(env, { ...argv, mode: 'production' });
  config.output = { ...config.output, path: OUTPUT };
  config.plugins = config.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin));
  config.plugins.push(
    new experiments.schemes.VirtualUrlPlugin({ 'exposed-modules': { source: exposedModulesSource } }),
  );
  config.resolve = {
    ...config.resolve,
    alias: {
      ...config.resolve.alias,
      '@module-federation/enhanced/runtime$': path.join(__dirname, 'federation-runtime.mjs'),
    },
  };
  return [prerender, config];
};
