import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export const METRICS_PATH = '/metrics';

export interface MetricsListener {
  /** `http://host:port`, the port the system gave when 0 was asked for. */
  readonly url: string;
  close(): Promise<void>;
}

interface Logger {
  error(payload: object, message: string): void;
}

/**
 * The metrics on a listener of their own: a port nginx never proxies (deploy/nginx/varco.conf.template), bound to the
 * address METRICS_HOST names, so what the api says about itself (routes, figures, versions) stays off the internet. A
 * bare node:http server: nothing of the api's public stack (its hooks, limits, logs) runs for a scrape.
 */
export async function startMetricsListener(
  registry: Registry,
  where: { host: string; port: number },
  log: Logger,
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics not collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics not collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Prometheus keeps its connection open between scrapes: the app's close must not wait for it.
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
