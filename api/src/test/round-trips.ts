import type { DatabaseHandle } from '../db/database';

/**
 * Lists the statements `handle` sends to the database while `work` runs, in order: each one a round trip (BEGIN and
 * COMMIT included, which the driver sends on their own), so a test can say "a scan makes N queries". Every statement
 * of the handle counts, so the app under test runs no background job meanwhile (`visaExpiry: { enabled: false }`...):
 * Fastify's `inject` does not carry an async context from the test into the request that could tell them apart.
 */
export async function roundTripsOf<T>(
  handle: DatabaseHandle,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const stop = handle.observeQueries((event) => statements.push(event.query.sql.replace(/\s+/g, ' ').trim()));
  try {
    return { result: await work(), statements };
  } finally {
    stop();
  }
}
