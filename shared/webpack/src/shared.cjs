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
/** Singletons of the apps that use them (the apps with forms): the others neither provide nor download them. */
const SINGLETON_LIBRARIES_WHEN_USED = ['react-hook-form'];
// zod is not here on purpose: it reaches the browser only inside @varco/contracts, tree-shaken (see its README).

/** Deep imports of singletons that apps use directly and that must resolve to the same instance. */
const SINGLETON_SUBPATHS = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

/**
 * In the browser React is Preact's compatibility layer (README: "React in the browser is preact/compat"): every import
 * of these is resolved to the Preact module beside it, in every app's build, and shared as the React singleton. Jest
 * keeps React itself. The `$` makes each an exact match, so `react-dom/client` is not read as `react-dom` + `/client`.
 */
const REACT_ALIASES = {
  react$: 'preact/compat',
  'react-dom$': path.join(__dirname, 'preact/react-dom.mjs'),
  'react-dom/client$': 'preact/compat/client',
  'react/jsx-runtime$': 'preact/jsx-runtime',
  'react/jsx-dev-runtime$': 'preact/jsx-dev-runtime',
};
/**
 * Shared singletons narrowed to the names the apps use (README: "Shared libraries narrowed to what the apps use"): a
 * shared module is built whole, so each of these is resolved to a file of ours that re-exports only those names from
 * the package's ES module, which webpack then tree-shakes. The share key stays the package's name.
 */
const NARROWED_LIBRARIES = ['react-router-dom', 'react-i18next'];
/** What each narrowed library imports of its own: put with it and its narrowed file in one chunk (one request). */
const NARROWED_DEPENDENCIES = { 'react-router-dom': ['react-router', '@remix-run/router'], 'react-i18next': ['use-sync-external-store', 'html-parse-stringify'] };

/** A splitChunks cache group per narrowed library: its narrowed file, the library and its own dependencies. */
const NARROWED_CHUNKS = Object.fromEntries(
  NARROWED_LIBRARIES.map((name) => {
    const narrowedFile = path.join(__dirname, 'narrowed', `${name}.mjs`);
    const folders = [name, ...NARROWED_DEPENDENCIES[name]].map((library) => `${path.sep}node_modules${path.sep}${path.join(library)}${path.sep}`);
    const test = (module) => module.resource === narrowedFile || folders.some((folder) => module.resource?.includes(folder));
    return [name, { test, name, chunks: 'all', enforce: true }];
  }),
);

/** The ES module entry of an installed package (its `module` field), found from this folder the way Node finds it. */
function esModuleEntry(name) {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const folder = path.join(dir, 'node_modules', name);
    const file = path.join(folder, 'package.json');
    if (fs.existsSync(file)) return path.join(folder, JSON.parse(fs.readFileSync(file, 'utf8')).module);
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed for ${__dirname}`);
  }
}

/** `react-router-dom` → our narrowed file; `@varco/webpack-config/whole/react-router-dom` → the package itself. */
const NARROWED_ALIASES = Object.fromEntries(
  NARROWED_LIBRARIES.flatMap((name) => [
    [`${name}$`, path.join(__dirname, 'narrowed', `${name}.mjs`)],
    [`@varco/webpack-config/whole/${name}$`, esModuleEntry(name)],
  ]),
);

/** What preact/compat and preact/jsx-runtime import: one Preact core per page, whatever a remote's build holds. */
const PREACT_SINGLETONS = ['preact', 'preact/hooks'];
/** The shared React names, and the package that really provides them (their version is that package's). */
const PROVIDED_BY = { react: 'preact', 'react-dom': 'preact' };

/** Our own shared packages, consumed as source: one session store, one http client, one i18n instance. */
const WORKSPACE_PACKAGES = ['session', 'http', 'i18n', 'contracts', 'ui'];
/**
 * A splitChunks cache group for the workspace package that the default split left in two identical files (@varco/ui,
 * under its 20 KB): its own source files in one file named after it. Not the others: their files are split already
 * as the first paint needs them (the contracts' zod-free half apart from the schemas).
 */
const WORKSPACE_CHUNKS = Object.fromEntries(
  ['ui'].map((name) => {
    const folder = path.join(__dirname, '..', '..', name, 'src') + path.sep;
    return [`varco-${name}`, { test: (module) => module.resource?.startsWith(folder) === true, name: `varco-${name}`, chunks: 'all', enforce: true }];
  }),
);
/**
 * Entry points of our shared packages shared apart from the package itself, each a singleton with the package's
 * version: the zod-free half of the contracts, which the first paint needs without the schemas (see its README).
 */
const WORKSPACE_SUBPATHS = { '@varco/contracts/plain': 'contracts' };

/**
 * The version of a package as the app at `appDir` resolves it: what its build really contains (a team may build
 * against another release of a shared package than the one in this repository's shared/ folder).
 */
function installedVersion(name, appDir) {
  // Looked up the way Node resolves a package, folder by folder: some packages (ky) do not export their package.json.
  for (let dir = path.resolve(appDir); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(dir) === dir) throw new Error(`${name} is not installed for ${appDir}`);
  }
}

/**
 * @param {{dependencies?: Record<string,string>}} appPackageJson the package.json of the app being built
 * @param {string} appDir the app's folder
 */
function federationShared(appPackageJson, appDir) {
  const dependencies = appPackageJson.dependencies ?? {};
  const required = (library) => {
    const version = dependencies[library];
    if (!version) throw new Error(`${library} is shared by the federation but missing from the app's dependencies`);
    return version;
  };
  const shared = {};
  for (const library of SINGLETON_LIBRARIES) {
    const provider = PROVIDED_BY[library];
    shared[library] = provider
      ? { singleton: true, version: installedVersion(provider, appDir), requiredVersion: required(provider) }
      : NARROWED_LIBRARIES.includes(library)
        ? // the provided file is ours: its version is the package's, not the one of our package.json beside it
          { singleton: true, version: installedVersion(library, appDir), requiredVersion: required(library) }
        : { singleton: true, requiredVersion: required(library) };
  }
  for (const library of PREACT_SINGLETONS) {
    shared[library] = { singleton: true, version: installedVersion('preact', appDir), requiredVersion: required('preact') };
  }
  for (const library of SINGLETON_LIBRARIES_WHEN_USED) {
    if (dependencies[library]) shared[library] = { singleton: true, requiredVersion: dependencies[library] };
  }
  for (const [subpath, library] of Object.entries(SINGLETON_SUBPATHS)) {
    shared[subpath] = { ...shared[library] };
  }
  for (const name of WORKSPACE_PACKAGES) {
    const version = installedVersion(`@varco/${name}`, appDir);
    shared[`@varco/${name}`] = { singleton: true, version, requiredVersion: version };
  }
  for (const [subpath, name] of Object.entries(WORKSPACE_SUBPATHS)) {
    const version = installedVersion(`@varco/${name}`, appDir);
    shared[subpath] = { singleton: true, version, requiredVersion: version };
  }
  return shared;
}

/**
 * The contract a remote publishes in its manifest (`metaData.contract`, read by the shell's contract plugin before
 * it mounts anything of the remote): the version of @varco/contracts it is built against, the modules it exposes, and
 * the version of every shared singleton in its build.
 * @param {Record<string,string>} exposes the remote's exposes (`./routes` → file)
 * @param {string} appDir the remote's folder
 */
function remoteContract(exposes, appDir) {
  const singletons = {};
  // React and react-dom are published with the version of what provides them (Preact): a remote built with React
  // itself is refused by a shell on Preact, and the other way round, instead of mixing two renderers on one page.
  for (const library of SINGLETON_LIBRARIES) singletons[library] = installedVersion(PROVIDED_BY[library] ?? library, appDir);
  for (const name of WORKSPACE_PACKAGES) singletons[`@varco/${name}`] = installedVersion(`@varco/${name}`, appDir);
  return { version: singletons['@varco/contracts'], exposes: Object.keys(exposes).map((key) => key.replace(/^\.\//, '')), singletons };
}

/**
 * The api calls a remote's widgets and pages make as soon as they mount, by exposed module, from the remote's
 * `first-screen-calls.json` (none without the file), published in its manifest (`metaData.firstScreenCalls`) for the
 * shell to start early. A module the remote does not expose fails the build.
 * @param {Record<string,string>} exposes the remote's exposes (`./routes` → file)
 * @param {string} appDir the remote's folder
 */
function firstScreenCalls(exposes, appDir) {
  const file = path.join(appDir, 'first-screen-calls.json');
  if (!fs.existsSync(file)) return {};
  const calls = JSON.parse(fs.readFileSync(file, 'utf8'));
  const exposed = Object.keys(exposes).map((key) => key.replace(/^\.\//, ''));
  const unknown = Object.keys(calls).filter((module) => !exposed.includes(module));
  if (unknown.length > 0) throw new Error(`${file} names modules ${unknown.join(', ')} that the remote does not expose`);
  return calls;
}

module.exports = { federationShared, remoteContract, firstScreenCalls, REACT_ALIASES, NARROWED_ALIASES, NARROWED_CHUNKS, NARROWED_LIBRARIES, SINGLETON_LIBRARIES, WORKSPACE_CHUNKS, WORKSPACE_PACKAGES };
