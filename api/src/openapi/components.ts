import {
  apiErrorSchema,
  beaconSchema,
  invoiceSchema,
  lookupSchema,
  notificationSchema,
  passkeySchema,
  travelSchema,
  userInfoSchema,
  visaSchema,
} from '@varco/contracts';
import { createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { claimSchema } from '@varco/contracts/claims';
import { merchantClaimSchema } from '../modules/claims';
import { exitPointRequestSchema, exitPointViewSchema } from '../modules/exit-point';
import { merchantInvoiceSchema } from '../modules/merchants';

/**
 * The shapes the OpenAPI document names once (components.schemas) and refers to (`$ref`) wherever a route uses them:
 * the error answer of every operation, and the records several calls answer. The clients generated from the document
 * (the kiosk's, deploy/kiosk/api-types.d.ts) then share one type for each. A name is the zod schema object itself:
 * a route that builds a look-alike of its own is still written out in full. A schema read as a request body is named
 * with `Input` after it (fastify-type-provider-zod's rule), e.g. `TravelInput`.
 */
export const componentRegistry = z.registry<{ id: string }>();
const NAMED = {
  ApiError: apiErrorSchema,
  Invoice: invoiceSchema,
  Visa: visaSchema,
  Travel: travelSchema,
  UserInfo: userInfoSchema,
  Notification: notificationSchema,
  Passkey: passkeySchema,
  Lookup: lookupSchema,
  MerchantInvoice: merchantInvoiceSchema,
  Claim: claimSchema,
  MerchantClaim: merchantClaimSchema,
  ExitPointRequest: exitPointRequestSchema,
  ExitPointView: exitPointViewSchema,
  // Read as JSON and as text/plain (sendBeacon): one shape for both.
  Beacon: beaconSchema,
};
for (const [id, schema] of Object.entries(NAMED)) componentRegistry.add(schema, { id });

type Schemas = Record<string, unknown>;
let allComponents: Schemas | undefined;

/** Every named shape, as JSON Schema for the document's version: `X` as answered, `XInput` as read. */
function componentsOf(openapi: string): Schemas {
  allComponents ??= (
    createJsonSchemaTransformObject({ schemaRegistry: componentRegistry })({ openapiObject: { openapi } }) as {
      components: { schemas: Schemas };
    }
  ).components.schemas;
  return allComponents;
}

/** The `#/components/schemas/…` names a JSON value refers to. */
function referencesOf(value: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencesOf(item, names);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/'))
        names.add(child.slice('#/components/schemas/'.length));
      else referencesOf(child, names);
    }
  }
  return names;
}

/**
 * Adds to `schemas` (the document's components.schemas) the named shapes `value` refers to, and those they refer to:
 * only what the document uses, so that no component is left unused (Redocly's no-unused-components).
 */
export function addReferencedComponents(value: unknown, schemas: Schemas, openapi: string): void {
  const all = componentsOf(openapi);
  const pending = [...referencesOf(value)];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (name in schemas || !(name in all)) continue;
    schemas[name] = all[name];
    pending.push(...referencesOf(all[name]));
  }
}
