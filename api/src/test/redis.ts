import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis of the tests: this machine's and CI's, unless TEST_REDIS_URL names another. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for each test run, so that runs sharing one Redis never see each other's counters. */
export const testRedisPrefix = () => `varco-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

/**
 * Whether the tests' Redis answers: `{ skip: reason }` for the tests to show as skipped when it does not — except under
 * CI=true, where Redis is part of the machine and its absence fails the run.
 */
export async function redisForTests(): Promise<{ url: string; skip?: undefined } | { url?: undefined; skip: string }> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return { url: TEST_REDIS_URL };
  } catch (error) {
    const reason = `no Redis answers at ${TEST_REDIS_URL} (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(`${reason}: under CI=true the Redis tests must run`);
    return { skip: reason };
  } finally {
    client.disconnect();
  }
}
