// The federation `shared` section, built once for all five apps. Versions come from package.json files,
// never typed here, so upgrading a library is one change in package.json.
const fs = require('node:fs');
const path = require('node:path');

/** Third-party libraries that must exist once per page. */
const SINGLETON_LIBRARIES = [
  'react',
  'react-dom',
  'react-router-dom',
  '@tanstack/react-query',
  'zustand',
  'i18next',
  'react-i18next',
  'ky',
];
// zod is not here on purpose: it reaches the browser only inside @varco/contracts, tree-shaken (see its README).

/** Deep imports of singletons that apps use directly and that must resolve to the same instance. */
const SINGLETON_SUBPATHS = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

/** Our own shared packages, consumed as source: one session store, one http client, one i18n instance. */
const WORKSPACE_PACKAGES = ['session', 'http', 'i18n', 'contracts', 'ui'];

const sharedRoot = path.resolve(__dirname, '../..');

function workspaceVersion(name) {
  return JSON.parse(fs.readFileSync(path.join(sharedRoot, name, 'package.json'), 'utf8')).version;
}

/**
 * @param {{dependencies?: Record<string,string>}} appPackageJson the package.json of the app being built
 */
function federationShared(appPackageJson) {
  const dependencies = appPackageJson.dependencies ?? {};
  const required = (library) => {
    const version = dependencies[library];
    if (!version) throw new Error(`${library} is shared by the federation but missing from the app's dependencies`);
    return version;
  };
  const shared = {};
  for (const library of SINGLETON_LIBRARIES) {
    shared[library] = { singleton: true, requiredVersion: required(library) };
  }
  for (const [subpath, library] of Object.entries(SINGLETON_SUBPATHS)) {
    shared[subpath] = { singleton: true, requiredVersion: required(library) };
  }
  for (const name of WORKSPACE_PACKAGES) {
    const version = workspaceVersion(name);
    shared[`@varco/${name}`] = { singleton: true, version, requiredVersion: version };
  }
  return shared;
}

module.exports = { federationShared, SINGLETON_LIBRARIES, WORKSPACE_PACKAGES };
