import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { MessageKey } from './i18n/messages';
import { sha256 } from './secrets';
import { createTtlCache } from './ttl-cache';

/**
 * The API keys of the machine clients (merchants' systems, exit point kiosks and officers): one scheme for both.
 * A key is 32 random bytes after a prefix that tells its kind in logs and secret scanners; the table keeps only its hash.
 */
export const API_KEY_HEADER = 'x-api-key';

/** A new API key with its kind's prefix (`vk` merchant, `xk` exit point). */
export const newApiKey = (prefix: 'vk' | 'xk') => `${prefix}_${randomBytes(32).toString('base64url')}`;

/** Keys are random and long: a fast hash is enough to make a copy of the table useless. */
export const hashApiKey = (key: string) => sha256(key);

/** The client of an API key, found by its hash (`find`); 401 with `errorKey` without a key or for an unknown one. */
export async function authenticateApiKey<T>(
  apiKey: string | undefined,
  find: (keyHash: string) => Promise<T | undefined>,
  errorKey: MessageKey,
): Promise<T> {
  const client = apiKey ? await find(hashApiKey(apiKey)) : undefined;
  if (!client) throw new AppError(401, { key: errorKey });
  return client;
}

export interface KeyLookupCacheOptions {
  /** How long a found client is answered from memory (ms). */
  ttlMs: number;
  /** Clients kept at most. */
  maxEntries: number;
  /** The clock in ms (tests); Date.now by default. */
  now?: () => number;
}

/**
 * `find` with the clients it finds kept in this process for `ttlMs`, by key hash: a kiosk's every call need not read
 * its client again. Safe for a few seconds because a key is 32 random bytes, so only its holder can hit an entry; the
 * entry is the key's hash, never the key; unknown keys are not kept, so a new key works at once and guesses always
 * reach the database (and the limits); a revoked key is refused by every instance within `ttlMs`.
 */
export function cachedKeyLookup<T extends object>(
  find: (keyHash: string) => Promise<T | undefined>,
  options: KeyLookupCacheOptions,
): (keyHash: string) => Promise<T | undefined> {
  const cache = createTtlCache<string, T>({
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries,
    ...(options.now ? { now: options.now } : {}),
  });
  return async (keyHash) => {
    const cached = cache.get(keyHash);
    if (cached) return cached;
    const found = await find(keyHash);
    if (found) cache.set(keyHash, found);
    return found;
  };
}

/** The request properties that hold the client of an API key. */
type ApiKeyClientProperty = 'merchant' | 'exitPointClient';

/**
 * Every route of `app` needs an API key in `x-api-key`, except those configured `{ public: true }`: `authenticate`
 * turns it into the client, kept on `request[property]` for the handlers.
 */
export function requireApiKey<P extends ApiKeyClientProperty>(
  app: FastifyInstance,
  property: P,
  authenticate: (apiKey: string | undefined) => Promise<NonNullable<FastifyRequest[P]>>,
): void {
  // Fastify's decorator typing cannot follow a property name given as a type parameter; both properties start null.
  (app.decorateRequest as (name: string, value: null) => void)(property, null);
  app.addHook('onRequest', async (request) => {
    if ((request.routeOptions.config as { public?: boolean } | undefined)?.public) return;
    const key = request.headers[API_KEY_HEADER];
    request[property] = await authenticate(typeof key === 'string' ? key.trim() : undefined);
  });
}

/** The client that `requireApiKey` put on the request: its routes run after the check, so it is always there. */
export function apiKeyClient<P extends ApiKeyClientProperty>(
  request: FastifyRequest,
  property: P,
): NonNullable<FastifyRequest[P]> {
  const client = request[property];
  if (!client) throw new Error(`${property} routes run after the API key check`);
  return client;
}
