// The federation `shared` section, built once for all five apps. Versions come from package.json files,
// never typed here, so upgrading a library is one change in package.json.
const fs = require('node:fs');
const path = require('node:path');

/**
 * The singletons the page provides, each checked against a remote's release: the one list is the federation contract's
 * (`CHECKED_SINGLETONS`). Third-party libraries that must exist once per page, then our own shared packages.
 */
const { CHECKED_SINGLETONS } = require('@varco/federation-contract/checked-singletons');
const OUR_PACKAGE = '@varco/';
const SINGLETON_LIBRARIES = CHECKED_SINGLETONS.filter((name) => !name.startsWith(OUR_PACKAGE));
/** Singletons of the apps that use them (the apps with forms): the others neither provide nor download them. */
const SINGLETON_LIBRARIES_WHEN_USED = ['react-hook-form'];
// zod is not here on purpose: it reaches the browser only inside @varco/contracts, tree-shaken (see its README).

/** Deep imports of singletons that apps use directly and that must resolve to the same instance. */
const SINGLETON_SUBPATHS = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};

/**
 * Our own shared packages, consumed as source: one session store, one http client, one i18n instance. Not
 * @varco/federation-contract: the shell's entry imports it before shared modules exist, remotes import only its types,
 * and what it must agree on is checked by its version (`remoteContract`), so each app compiles its own copy.
 */
const WORKSPACE_PACKAGES = CHECKED_SINGLETONS.filter((name) => name.startsWith(OUR_PACKAGE)).map((name) =>
  name.slice(OUR_PACKAGE.length),
);
/** A module's relative imports (static and dynamic), as written in its source. */
const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

/**
 * The files of a package's shared entry (its `src/index.ts` and what it imports, file by file): not the files only its
 * other entries reach (`@varco/ui/form`, `@varco/ui/download`), which each app that uses them compiles in.
 */
function sharedEntryFiles(srcFolder) {
  const found = new Set();
  const visit = (file) => {
    if (found.has(file)) return;
    found.add(file);
    for (const [, request] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const base = path.resolve(path.dirname(file), request);
      const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
        (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
      );
      if (resolved) visit(resolved);
    }
  };
  visit(path.join(srcFolder, 'index.ts'));
  return found;
}

/**
 * A splitChunks cache group for the workspace package that the default split left in two identical files (@varco/ui,
 * under its 20 KB): the files of its shared entry in one file named after it. Not the others: their files are split
 * already as the first paint needs them (the contracts' zod-free half apart from the schemas). Nor @varco/ui's entries
 * that are not shared: in that file they made a remote page wait for it after its own code (the runtime does not
 * preload a shared package's file), where with the page's code they come with it.
 */
const WORKSPACE_CHUNKS = Object.fromEntries(
  ['ui'].map((name) => {
    const files = sharedEntryFiles(path.join(__dirname, '..', '..', name, 'src'));
    return [
      `varco-${name}`,
      {
        test: (module) => files.has(module.resource),
        name: `varco-${name}`,
        chunks: 'all',
        enforce: true,
      },
    ];
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
  // Each library shared whole, under its own name and version: a remote released later may use any of its exports.
  for (const library of SINGLETON_LIBRARIES) shared[library] = { singleton: true, requiredVersion: required(library) };
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
 * it mounts anything of the remote): the version of @varco/federation-contract it is built against, the modules it
 * exposes, and the version of every shared singleton in its build.
 * @param {Record<string,string>} exposes the remote's exposes (`./routes` → file)
 * @param {string} appDir the remote's folder
 */
function remoteContract(exposes, appDir) {
  const singletons = {};
  for (const library of SINGLETON_LIBRARIES) singletons[library] = installedVersion(library, appDir);
  for (const name of WORKSPACE_PACKAGES) singletons[`@varco/${name}`] = installedVersion(`@varco/${name}`, appDir);
  return {
    version: installedVersion('@varco/federation-contract', appDir),
    exposes: Object.keys(exposes).map((key) => key.replace(/^\.\//, '')),
    singletons,
  };
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
  if (unknown.length > 0)
    throw new Error(`${file} names modules ${unknown.join(', ')} that the remote does not expose`);
  return calls;
}

module.exports = {
  federationShared,
  remoteContract,
  firstScreenCalls,
  SINGLETON_LIBRARIES,
  WORKSPACE_CHUNKS,
  WORKSPACE_PACKAGES,
};
