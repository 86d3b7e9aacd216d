// npm run kiosk:types: writes deploy/kiosk/api-types.d.ts, the request and response types of the api's exit point
// calls, generated (openapi-typescript) from the api's OpenAPI document api/openapi.json. `--check` writes nothing
// and fails when the file is not what the document gives (npm test runs it): a change of the api's exit point
// schemas then shows up in the kiosk's type check (npm run typecheck).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const source = new URL('../../api/openapi.json', import.meta.url);
const target = fileURLToPath(new URL('./api-types.d.ts', import.meta.url));

const header =
  '// Generated from api/openapi.json by deploy/kiosk/generate-api-types.mjs (npm run kiosk:types): do not edit.\n\n';
// The kiosk's part of the document: the exit point calls only.
const document = JSON.parse(readFileSync(source, 'utf8'));
document.paths = Object.fromEntries(
  Object.entries(document.paths).filter(([path]) => path.startsWith('/api/v1/exit-point/')),
);
// ...and the named shapes (components.schemas) those calls use, directly or through another shape.
const REF = '#/components/schemas/';
const references = (value) =>
  Array.isArray(value)
    ? value.flatMap(references)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) =>
          key === '$ref' && typeof child === 'string' && child.startsWith(REF)
            ? [child.slice(REF.length)]
            : references(child),
        )
      : [];
const used = new Set();
for (let pending = references(document.paths); pending.length > 0;) {
  const name = pending.pop();
  if (!used.has(name)) {
    used.add(name);
    pending.push(...references(document.components.schemas[name]));
  }
}
document.components.schemas = Object.fromEntries(
  Object.entries(document.components.schemas ?? {}).filter(([name]) => used.has(name)),
);
const text = header + astToString(await openapiTS(document));

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: reported below as a difference
  }
  if (current !== text) {
    console.error(
      'deploy/kiosk/api-types.d.ts is not what api/openapi.json gives: run `npm run kiosk:types` and commit it.',
    );
    process.exit(1);
  }
  console.log('deploy/kiosk/api-types.d.ts is up to date');
} else {
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
