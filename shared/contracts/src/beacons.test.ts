import { beaconSchema } from './beacons';

const release = { app: 'mfInvoices', version: '0.3.0', canary: true } as const;

describe('a browser report', () => {
  it('carries vitals, remote loads and api call counts', () => {
    const report = {
      events: [
        { type: 'vital', name: 'LCP', value: 1830.5, page: 'invoices', ...release },
        { type: 'remote-load', outcome: 'failed', reason: 'render', ...release },
        { type: 'api-calls', page: 'invoices', ok: 4, failed: 1, ...release },
      ],
    };
    expect(beaconSchema.safeParse(report).success).toBe(true);
  });

  it.each([
    ['an unknown page', { type: 'vital', name: 'LCP', value: 1, page: 'admin', ...release }],
    ['a version that is not one', { type: 'remote-load', outcome: 'ok', ...release, version: 'x'.repeat(40) }],
    ['a field of its own', { type: 'remote-load', outcome: 'ok', ...release, email: 'a@b.c' }],
    ['a negative count', { type: 'api-calls', page: 'home', ok: -1, failed: 0, ...release }],
  ])('is refused with %s', (_case, event) => {
    expect(beaconSchema.safeParse({ events: [event] }).success).toBe(false);
  });

  it('is refused empty', () => {
    expect(beaconSchema.safeParse({ events: [] }).success).toBe(false);
  });
});
