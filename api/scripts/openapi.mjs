// npm run openapi --workspace @varco/api: writes api/openapi.json, the OpenAPI document the api generates from its
// route schemas (no server started, no database needed). The api tests fail while the committed file differs
// (src/openapi/document.test.ts). Runs under tsx (the api is TypeScript): `node --import tsx scripts/openapi.mjs`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument, formatOpenApiDocument } from '../src/openapi/document.ts';

const file = fileURLToPath(new URL('../openapi.json', import.meta.url));
writeFileSync(file, formatOpenApiDocument(await buildOpenApiDocument()));
console.log(`wrote ${file}`);
