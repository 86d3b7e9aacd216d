import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BEACON_PATH } from '../../shared/contracts/src/beacon-labels';
import type { BeaconEvent } from '../../shared/contracts/src/beacons';

/** A report as it reached the api: its body, the headers it came with, and the api's answer once it came. */
export interface TappedReport {
  body: unknown;
  contentType: string | undefined;
  status?: number;
}

export interface BeaconTap {
  /** Where a CDN sends /api (`startCdn`'s apiUrl). */
  url: string;
  reports: TappedReport[];
  /** Every event of every report so far, in order. */
  events(): BeaconEvent[];
  close(): Promise<void>;
}

/**
 * Stands between a CDN and the api, passing every call on unchanged and keeping the body of each report (the beacon)
 * that reaches the api. The browser sends most reports as a page is left, and the test tool does not see the requests
 * of a page that is unloading: the api's side sees them all.
 */
export async function startBeaconTap(apiUrl: string): Promise<BeaconTap> {
  const reports: TappedReport[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let report: TappedReport | undefined;
      if (req.method === 'POST' && new URL(req.url ?? '/', 'http://tap').pathname === `/api/${BEACON_PATH}`) {
        report = { body: JSON.parse(body.toString('utf8')), contentType: req.headers['content-type'] };
        reports.push(report);
      }
      const target = new URL(req.url ?? '/', apiUrl);
      const upstream = httpRequest(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          if (report) report.status = answer.statusCode;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reports,
    events: () => reports.flatMap((report) => (report.body as { events: BeaconEvent[] }).events),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
