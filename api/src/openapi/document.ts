import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPgliteDatabase } from '../db/database';

/**
 * The api's OpenAPI document, as the running api would serve it, built without listening and without a database:
 * the routes are registered and the document generated on `ready()`; no migration runs and no job starts.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const database = createPgliteDatabase(new PGlite());
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), migrateOnStart: false };
  const app = buildApp(config, {
    database,
    ownsDatabase: true,
    visaExpiry: { enabled: false },
    deadlineReminders: { enabled: false },
  });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/** The document as committed in api/openapi.json: two-space JSON and a final newline. */
export const formatOpenApiDocument = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;
