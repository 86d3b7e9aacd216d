import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RemoteName, RuntimeConfig } from '@varco/federation-contract';
import { TEST_RUNTIME_CONFIG } from '@varco/federation-contract/testing';

/** A remote's manifest address on the test CDN, in the release folder `version`. */
export const manifestOf = (remote: RemoteName, version: string) =>
  `http://cdn.test/${remote.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}/${version}/mf-manifest.json`;

/** A runtime configuration whose remotes run `versions` (0.1.0 by default), with the canary given. */
export function runtimeConfig(
  versions: Partial<Record<RemoteName, string>> = {},
  canary?: { remote: RemoteName; version: string; share?: number },
): RuntimeConfig {
  const remotes = Object.fromEntries(
    Object.keys(TEST_RUNTIME_CONFIG.remotes).map((remote) => [
      remote,
      manifestOf(remote as RemoteName, versions[remote as RemoteName] ?? '0.1.0'),
    ]),
  ) as Record<RemoteName, string>;
  return {
    ...TEST_RUNTIME_CONFIG,
    remotes,
    ...(canary
      ? {
          canary: {
            remote: canary.remote,
            manifest: manifestOf(canary.remote, canary.version),
            share: canary.share ?? 10,
          },
        }
      : {}),
  };
}

/**
 * The portal's CDN as the api reads it (RUNTIME_CONFIG_URLS): `/config.json` and any other file given, as JSON, each
 * no-cache with an ETag and 304 to a request that has it. `set` ships another configuration (or file); `reads` counts
 * the full answers of the configuration.
 */
export async function servePortalConfig(initial: unknown, files: Record<string, unknown> = {}) {
  const bodies = new Map<string, string>(Object.entries(files).map(([path, body]) => [path, JSON.stringify(body)]));
  const set = (path: string, body: unknown) => bodies.set(path, typeof body === 'string' ? body : JSON.stringify(body));
  set('/config.json', initial);
  let reads = 0;
  const server = createServer((request, response) => {
    const body = bodies.get(request.url ?? '');
    if (body === undefined) return void response.writeHead(404).end();
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    if (request.url === '/config.json') reads += 1;
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/config.json`,
    /** Ships another configuration: what the next reading finds. */
    set: (config: unknown) => set('/config.json', config),
    /** Serves another file (a manifest), or answers 404 for it with `undefined`. */
    file: (path: string, body: unknown) => (body === undefined ? bodies.delete(path) : set(path, body)),
    get reads() {
      return reads;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
