import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { buildOpenApiDocument, formatOpenApiDocument } from './document';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, unknown>;
}
type Document = {
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
};

describe('the OpenAPI document (api/openapi.json)', () => {
  let document: Document;
  before(async () => {
    document = (await buildOpenApiDocument()) as Document;
  });
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('is committed as the api generates it (npm run openapi --workspace @varco/api)', () => {
    const committed = readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8');
    assert.equal(
      committed,
      formatOpenApiDocument(document),
      'api/openapi.json is out of date: run `npm run openapi --workspace @varco/api` and commit it',
    );
  });

  it('names every operation once, says who may call it, and its error answers', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const { path, method, operation } of operations()) {
      assert.match(operation.operationId ?? '', /^[a-z]+[A-Za-z]*$/, `${method} ${path}: camelCase operationId`);
      assert.ok(Array.isArray(operation.security), `${method} ${path}: security`);
      assert.ok(
        Object.keys(operation.responses).some((status) => status.startsWith('4')),
        `${method} ${path}: a 4xx answer`,
      );
    }
    assert.deepEqual(document.servers, [{ url: '/', description: 'This api' }]);
  });

  it('declares the credentials each kind of call takes', () => {
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security;
    assert.deepEqual(security('/api/v1/public/captcha', 'get'), []);
    assert.deepEqual(security('/api/v1/private/visa/{id}', 'get'), [{ sessionCookie: [] }]);
    assert.deepEqual(security('/api/v1/private/traveler/user-info', 'get'), [
      { sessionCookie: [] },
      { sessionCookie: [], otpHeader: [] },
    ]);
    assert.deepEqual(security('/api/v1/merchant/invoices', 'post'), [{ merchantApiKey: [] }]);
    assert.deepEqual(security('/api/v1/exit-point/scan', 'post'), [{ exitPointApiKey: [] }]);
    assert.deepEqual(security('/api/v1/exit-point/public-key', 'get'), []);
    assert.equal(document.paths['/api/v1/public/captcha/'], undefined, 'no path with a trailing slash');
  });

  it('names the shapes several calls share once (components.schemas) and refers to them', () => {
    const schemaOf = (path: string, method: string, status: string) =>
      (document.paths[path]?.[method]?.responses[status] as { content: Record<string, { schema: unknown }> }).content[
        'application/json'
      ]?.schema;
    assert.deepEqual(schemaOf('/api/v1/exit-point/scan', 'post', '400'), { $ref: '#/components/schemas/ApiError' });
    assert.deepEqual(schemaOf('/api/v1/exit-point/requests/{publicId}', 'get', '200'), {
      $ref: '#/components/schemas/ExitPointView',
    });
    assert.ok(
      document.components.schemas?.ApiError &&
        document.components.schemas.ExitPointView &&
        document.components.schemas.ExitPointRequest,
    );
  });
});
