import { apiErrorSchema, HEADERS } from '@varco/contracts';
import { createJsonSchemaTransform, type jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OTP_VERIFICATION_ROUTE, PRIVATE_PREFIX, SESSION_COOKIE } from '../modules/auth';
import { addReferencedComponents, componentRegistry } from './components';

/**
 * What the OpenAPI document says of every operation that the route table alone knows: who may call it (security), its
 * operationId, and the error answers that the api's shared plugins give whatever the route (validation, session guard,
 * cross-site check, rate limit, database down). A route states only what is its own (a 409, an officer's 403...);
 * what it states wins. Documentation only: nothing here changes what the api answers.
 */

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type OpenApiObject = { openapi: string; components: { schemas: Record<string, unknown> } };
type RouteSchema = Record<string, unknown> & {
  response?: Record<string, unknown>;
  params?: unknown;
  security?: unknown;
};

/** The callers' credentials (components.securitySchemes), as each is sent. */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The traveler’s session, set by a sign-in.',
  },
  otpHeader: {
    type: 'apiKey',
    in: 'header',
    name: HEADERS.otp,
    description: 'The one-time code mailed after a credentials sign-in, presented once on an OTP_PENDING session.',
  },
  merchantApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'A merchant’s (vendor or broker) API key.',
  },
  exitPointApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'An exit point client’s API key (a kiosk, or a customs officer’s device).',
  },
} as const;

/** The prefixes of the calls that take an API key (the same as app.ts registers them under). */
export interface KeyPrefixes {
  merchant: string;
  exitPoint: string;
}

const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** Who may call `method url`: a session (the OTP as well, for the OTP check), an API key, or anyone (`[]`). */
function securityOf(
  method: string,
  url: string,
  isPublic: boolean,
  prefixes: KeyPrefixes,
): Array<Record<string, string[]>> {
  if (isPublic) return [];
  if (`${method} ${url}` === OTP_VERIFICATION_ROUTE)
    return [{ sessionCookie: [] }, { sessionCookie: [], otpHeader: [] }];
  if (isUnder(url, PRIVATE_PREFIX)) return [{ sessionCookie: [] }];
  if (isUnder(url, prefixes.merchant)) return [{ merchantApiKey: [] }];
  if (isUnder(url, prefixes.exitPoint)) return [{ exitPointApiKey: [] }];
  return [];
}

/** `GET /api/v1/private/visa/:id/download` → `getPrivateVisaByIdDownload`: stable as long as the path is. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api' && !/^v\d+$/.test(segment))
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split('-')));
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

const answer = (description: string) => ({ description, content: { 'application/json': { schema: apiErrorSchema } } });

/** The error answers the shared plugins give, by what the route is (plugins/errors.ts, session.ts, request-origin.ts). */
function commonErrors(
  method: string,
  url: string,
  security: unknown[],
  config: { isProbe: boolean; anyOrigin: boolean },
): Record<string, unknown> {
  const { isProbe, anyOrigin } = config;
  const guarded = security.length > 0;
  const changesState = !['GET', 'HEAD', 'OPTIONS'].includes(method) && !anyOrigin;
  return {
    400: answer('Invalid request: per-field messages in `extra` (`generic` for the whole body).'),
    ...(guarded ? { 401: answer('No valid session or API key.') } : {}),
    ...(isUnder(url, PRIVATE_PREFIX) || (changesState && !guarded)
      ? {
          403: answer(
            'Not allowed: a session at the wrong level, or a state-changing call that does not come from the portal.',
          ),
        }
      : {}),
    ...(url.includes('/:') ? { 404: answer('Not found (or not the caller’s).') } : {}),
    // The probes are never rate limited, and the liveness one never reads the database (readyz states its own 503).
    ...(isProbe
      ? {}
      : {
          429: answer('Too many requests from this client; retry after `retry-after` seconds.'),
          503: answer(
            'Not available now (the database cannot be reached, or every api instance is busy); retry after `retry-after` seconds.',
          ),
        }),
  };
}

/**
 * A route that `produces` a file (a PDF) has no response schema for it (the type provider would want its body to
 * match): its 200 is that file, of a record the caller names (404 when there is none of theirs).
 */
function withFileAnswer(schema: RouteSchema): RouteSchema {
  const produces = schema.produces as string[] | undefined;
  if (!produces || Object.keys(schema.response ?? {}).some((status) => status.startsWith('2'))) return schema;
  const content = Object.fromEntries(produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  const file = { description: 'The file; its name is in `content-disposition`.', content };
  const notFound = {
    description: 'Not found (or not the caller’s).',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };
  return { ...schema, response: { 200: file, 404: notFound, ...schema.response } };
}

/**
 * The swagger transform of the api: fastify-type-provider-zod's (zod → JSON Schema) after completing each route's
 * schema. A route registered as its prefix (`/captcha` + `/`) is documented without the trailing slash: both
 * answer, the document names the one the portal calls.
 */
export function openApiTransform(prefixes: KeyPrefixes): Transform {
  // The named shapes (components.ts) are written as `$ref`s, and added to the document's components as they are used.
  const toJsonSchema = createJsonSchemaTransform({ schemaRegistry: componentRegistry });
  return (input: TransformInput): ReturnType<Transform> => {
    const schema = (input.schema ?? {}) as RouteSchema;
    if (schema.hide) return toJsonSchema(input);
    const url = input.url.length > 1 ? input.url.replace(/\/$/, '') : input.url;
    const method = [input.route.method].flat().find((name) => name !== 'HEAD') ?? 'GET';
    const config = (input.route.config ?? {}) as { public?: boolean; rateLimit?: unknown; anyOrigin?: boolean };
    const security =
      (schema.security as Array<Record<string, string[]>> | undefined) ??
      securityOf(method, url, config.public === true, prefixes);
    const errors = commonErrors(method, url, security, {
      isProbe: config.rateLimit === false,
      anyOrigin: config.anyOrigin === true,
    });
    const completed = {
      operationId: operationIdOf(method, url),
      ...schema,
      security,
      response: { ...errors, ...schema.response },
    };
    const result = toJsonSchema({ ...input, url, schema: completed as TransformInput['schema'] });
    const documented = withFileAnswer(result.schema as RouteSchema);
    const document = (input as { openapiObject: OpenApiObject }).openapiObject;
    addReferencedComponents(documented, document.components.schemas, document.openapi);
    return { ...result, schema: documented as typeof result.schema };
  };
}
