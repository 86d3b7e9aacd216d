// npm run openapi:lint --workspace @varco/api: Redocly's lint (redocly.yaml: the recommended rules) of api/openapi.json.
// Fails on any error AND any warning (redocly itself fails on errors only): the document is a contract other teams
// build against. Lint the document the api generates, not an old one: `npm run openapi` first, or the api tests'
// check that the committed file is up to date.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const redocly = (format) =>
  spawnSync('redocly', ['lint', 'openapi.json', `--format=${format}`, '--max-problems=1000'], {
    cwd: root,
    encoding: 'utf8',
  });

const json = redocly('json');
let totals;
try {
  totals = JSON.parse(json.stdout).totals;
} catch {
  console.error(json.stdout, json.stderr);
  process.exit(1);
}
if (totals.errors === 0 && totals.warnings === 0) {
  console.log('api/openapi.json: no error, no warning (redocly recommended)');
} else {
  // The readable report, then the verdict.
  const report = redocly('stylish');
  console.error(report.stdout, report.stderr);
  console.error(
    `api/openapi.json: ${totals.errors} errors, ${totals.warnings} warnings: fix them (the document comes from the route schemas and src/openapi/transform.ts).`,
  );
  process.exit(1);
}
