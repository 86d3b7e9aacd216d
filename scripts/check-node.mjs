// Stops `npm start`, `npm test` and the other scripts at once on a Node.js the project does not support (the
// `engines.node` range of package.json), with a message naming both versions, rather than letting a later step fail
// with an obscure error. Prints the version that runs otherwise, so that every run says which one it was.
import { readFileSync } from 'node:fs';
import semver from 'semver';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

if (!semver.satisfies(process.versions.node, engines.node)) {
  console.error(`Varco needs Node.js ${engines.node}; this is Node.js ${process.version} (${process.execPath}).`);
  console.error(
    'npm start and npm test bring their own (the "node" package, node_modules/.bin/node): run the project through them.',
  );
  process.exit(1);
}
console.log(`Node.js ${process.version}`);
