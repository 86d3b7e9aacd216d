import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { BEACON_MAX_EVENTS, type BeaconEvent } from '@varco/contracts';
import type { InjectOptions } from 'fastify';
import { describeEachDatabase, logCollector, type TestApp } from '../../test/app';
import { scrape, type Scrape } from '../../test/scrape';
import { BEACON_BODY_LIMIT, BEACON_RATE_LIMIT_MAX } from './routes';

const URL = '/api/v1/public/beacons';
const REFUSALS = 'varco_rate_limit_refusals_total';
/** A minute the tests hold still: the limit's window never turns during a test. */
const FIXED_NOW = Date.UTC(2026, 10, 28, 10, 0, 30);

const release = { app: 'mfInvoices', version: '0.3.0', canary: true } as const;
const lcp: BeaconEvent = { type: 'vital', name: 'LCP', value: 1800, page: 'invoices', ...release };
const inp: BeaconEvent = { type: 'vital', name: 'INP', value: 120, page: 'invoices', ...release };
const cls: BeaconEvent = { type: 'vital', name: 'CLS', value: 0.08, page: 'invoices', ...release };
const loaded: BeaconEvent = { type: 'remote-load', outcome: 'ok', ...release };
const notRendered: BeaconEvent = { type: 'remote-load', outcome: 'failed', reason: 'render', ...release };
const failedSilently: BeaconEvent = { type: 'remote-load', outcome: 'failed', ...release };
const calls: BeaconEvent = { type: 'api-calls', page: 'invoices', ok: 7, failed: 2, ...release };

let addresses = 0;
/** Each test posts from an address of its own: the apps of a file share their limits, as instances do. */
const newAddress = () => `10.71.0.${(addresses += 1)}`;

/** A report as a browser's sendBeacon posts it: no portal header, no cookie; a string goes as text/plain. */
function post(app: TestApp, body: unknown, options: Partial<InjectOptions> & { type?: string } = {}) {
  const { type = 'text/plain;charset=UTF-8', headers, ...rest } = options;
  return app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': type, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: '10.70.0.1',
    ...rest,
  });
}

describeEachDatabase('browsers’ reports (beacons)', ({ buildBare }) => {
  let app: TestApp;
  let metrics: () => Promise<Scrape>;
  const logs = logCollector();
  before(async () => {
    app = buildBare(
      { metrics: { host: '127.0.0.1', port: 0 }, logLevel: 'trace' },
      { logStream: logs.stream, limits: { now: () => FIXED_NOW } },
    );
    await app.ready();
    metrics = () => scrape(`${app.metrics.url}/metrics`);
  });

  it('counts each kind of event into its family, and answers 204 to a report sent as text/plain or JSON', async () => {
    const before = await metrics();
    const answer = await post(app, { events: [lcp, inp, cls, loaded, notRendered, failedSilently, calls] });
    assert.equal(answer.statusCode, 204, answer.body);
    assert.equal(answer.body, '');
    assert.equal(answer.headers['cache-control'], 'no-store');
    const json = await post(app, { events: [loaded] }, { type: 'application/json' });
    assert.equal(json.statusCode, 204, json.body);

    const after = await metrics();
    const remote = { remote: 'mfInvoices', version: '0.3.0', canary: 'true' };
    const page = { page: 'invoices', app: 'mfInvoices', version: '0.3.0', canary: 'true' };
    const grown = (name: string, labels: Record<string, string>) =>
      (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
    assert.equal(grown('varco_remote_loads_total', remote), 4);
    assert.equal(grown('varco_remote_load_failures_total', { ...remote, reason: 'render' }), 1);
    assert.equal(grown('varco_remote_load_failures_total', { ...remote, reason: 'unknown' }), 1);
    // The other reasons exist from the first load, at 0: a failure ratio has its series before the first failure.
    assert.equal(after.value('varco_remote_load_failures_total', { ...remote, reason: 'contract' }), 0);
    // Milliseconds in, seconds out (CLS has no unit): 1.8 s falls in the 2 s bucket, not in the 1.5 s one.
    assert.equal(grown('varco_web_vitals_lcp_seconds_count', page), 1);
    assert.equal(grown('varco_web_vitals_lcp_seconds_sum', page), 1.8);
    assert.equal(grown('varco_web_vitals_lcp_seconds_bucket', { ...page, le: '1.5' }), 0);
    assert.equal(grown('varco_web_vitals_lcp_seconds_bucket', { ...page, le: '2' }), 1);
    assert.equal(grown('varco_web_vitals_inp_seconds_sum', page), 0.12);
    assert.equal(grown('varco_web_vitals_inp_seconds_bucket', { ...page, le: '0.1' }), 0);
    assert.equal(grown('varco_web_vitals_inp_seconds_bucket', { ...page, le: '0.15' }), 1);
    assert.equal(grown('varco_web_vitals_cls_sum', page), 0.08);
    assert.equal(grown('varco_web_vitals_cls_bucket', { ...page, le: '0.1' }), 1);
    assert.equal(grown('varco_page_api_calls_total', { ...page, outcome: 'ok' }), 7);
    assert.equal(grown('varco_page_api_calls_total', { ...page, outcome: 'failed' }), 2);
    for (const name of ['varco_remote_loads_total', 'varco_remote_load_failures_total', 'varco_page_api_calls_total'])
      assert.equal(after.types.get(name), 'counter', name);
    for (const name of ['varco_web_vitals_lcp_seconds', 'varco_web_vitals_inp_seconds', 'varco_web_vitals_cls'])
      assert.equal(after.types.get(name), 'histogram', name);
  });

  it('needs no cookie, no session and no portal header, from the portal or from another site', async () => {
    const before = (await metrics()).value('varco_remote_loads_total', {
      remote: 'mfVisa',
      version: '1.0.0',
      canary: 'false',
    });
    const report = { events: [{ type: 'remote-load', outcome: 'ok', app: 'mfVisa', version: '1.0.0', canary: false }] };
    const sent = [
      await post(app, report),
      await post(app, report, { headers: { origin: 'https://elsewhere.example.net', 'sec-fetch-site': 'cross-site' } }),
      await post(app, report, { headers: { cookie: 'varco_session=not-a-session' } }),
    ];
    assert.deepEqual(
      sent.map((answer) => answer.statusCode),
      [204, 204, 204],
    );
    const after = (await metrics()).value('varco_remote_loads_total', {
      remote: 'mfVisa',
      version: '1.0.0',
      canary: 'false',
    });
    assert.equal((after ?? 0) - (before ?? 0), 3);
  });

  it('refuses with 400, in the caller’s language, anything but a valid report, and counts nothing of it', async () => {
    const before = await metrics();
    const cases: Array<[string, unknown, Partial<InjectOptions> & { type?: string }]> = [
      ['malformed JSON (text/plain)', '{"events": [', {}],
      ['malformed JSON (application/json)', '{"events": [', { type: 'application/json' }],
      ['a form instead of JSON', 'events=1', { type: 'application/x-www-form-urlencoded' }],
      ['no content type', JSON.stringify({ events: [loaded] }), { type: '' }],
      ['an empty body', '', { type: 'application/json' }],
      ['an empty list', { events: [] }, {}],
      ['no list', {}, {}],
      ['an unknown field', { events: [loaded], email: 'mario.rossi@example.com' }, {}],
      ['an unknown field in an event', { events: [{ ...loaded, user: 'mario.rossi@example.com' }] }, {}],
      ['an unknown event type', { events: [{ ...loaded, type: 'page-view' }] }, {}],
      ['a value of the wrong type', { events: [{ ...lcp, value: '1800' }] }, {}],
      ['a page not in the list', { events: [{ ...lcp, page: '/protected/visas?id=42' }] }, {}],
      ['a version out of its pattern', { events: [{ ...loaded, version: 'mario.rossi@example.com' }] }, {}],
      ['too many events', { events: Array.from({ length: BEACON_MAX_EVENTS + 1 }, () => loaded) }, {}],
      ['a body over the limit', { events: [loaded], padding: 'x'.repeat(BEACON_BODY_LIMIT) }, {}],
      ['one valid event beside an invalid one', { events: [loaded, { ...calls, ok: -1 }] }, {}],
    ];
    for (const [what, body, options] of cases) {
      const answer = await post(app, body, { ...options, headers: { 'accept-language': 'IT' } });
      assert.equal(answer.statusCode, 400, `${what}: ${answer.body}`);
      const { detail } = answer.json<{ detail: string }>();
      assert.ok(detail.length > 0 && !/request|not valid/i.test(detail), `${what}: an Italian detail, not "${detail}"`);
    }
    // The usual texts: the schema's field by field, a too large or a non-JSON body its own.
    const unknown = await post(app, { events: [loaded], email: 'x' });
    assert.deepEqual(unknown.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { email: 'Unknown field' },
    });
    const empty = await post(app, { events: [] });
    assert.deepEqual(empty.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { events: 'Select at least 1' },
    });
    const huge = await post(app, { events: [{ ...calls, ok: 1e20 }] });
    assert.deepEqual(huge.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { 'events.0.ok': 'Must be at most 1000' },
    });
    assert.deepEqual((await post(app, '{"events": [')).json(), { detail: 'The request is not valid.' });
    const large = await post(app, { events: [loaded], padding: 'x'.repeat(BEACON_BODY_LIMIT) });
    assert.deepEqual(large.json(), { detail: 'The request is too large.' });
    const form = await post(app, 'events=1', { type: 'application/x-www-form-urlencoded' });
    assert.deepEqual(form.json(), { detail: 'The request format is not supported.' });

    const after = await metrics();
    const remote = { remote: 'mfInvoices', version: '0.3.0', canary: 'true' };
    assert.equal(after.value('varco_remote_loads_total', remote), before.value('varco_remote_loads_total', remote));
    const page = { page: 'invoices', app: 'mfInvoices', version: '0.3.0', canary: 'true', outcome: 'ok' };
    assert.equal(after.value('varco_page_api_calls_total', page), before.value('varco_page_api_calls_total', page));
    // Nothing of a report reaches the log, refused or not.
    const logged = JSON.stringify(logs.lines());
    assert.doesNotMatch(logged, /mario\.rossi|padding|page-view|events/);
  });

  it(`answers 429 past ${BEACON_RATE_LIMIT_MAX} reports a minute from one address, counted as the route's limit`, async () => {
    const address = newAddress();
    const report = { events: [loaded] };
    for (let sent = 0; sent < BEACON_RATE_LIMIT_MAX; sent += 1) {
      const answer = await post(app, report, { remoteAddress: address });
      assert.equal(answer.statusCode, 204, `report ${sent + 1}: ${answer.body}`);
    }
    const refused = await post(app, report, { remoteAddress: address, headers: { 'accept-language': 'EN' } });
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.deepEqual(Object.keys(refused.json()), ['detail']);
    assert.equal((await post(app, report, { remoteAddress: newAddress() })).statusCode, 204, 'another address');
    const scraped = await metrics();
    assert.equal(scraped.value(REFUSALS, { limit: 'route', route: URL }), 1);
  });
});

describeEachDatabase('browsers’ reports: the versions of an app', ({ buildBare }) => {
  let app: TestApp;
  let now = FIXED_NOW;
  before(async () => {
    app = buildBare(
      { metrics: { host: '127.0.0.1', port: 0 } },
      { beacons: { versionsPerApp: 2, versionIdleMs: 60_000, now: () => now } },
    );
    await app.ready();
  });
  const load = (app: string, version: string) => ({ type: 'remote-load', outcome: 'ok', app, version, canary: false });
  const versionsOf = async (remote: string) =>
    [
      ...new Set(
        (await scrape(`${app.metrics.url}/metrics`))
          .labelsOf('varco_remote_loads_total')
          .filter((labels) => labels.remote === remote)
          .map((labels) => labels.version),
      ),
    ].sort();

  it('count a version past the cap as "other", and give an idle version’s slot and series to a new one', async () => {
    const answer = await post(app, {
      events: [load('mfVisa', '1.0.0'), load('mfVisa', '1.1.0'), load('mfVisa', '1.2.0'), load('mfVisa', '1.3.0')],
    });
    assert.equal(answer.statusCode, 204, answer.body);
    assert.deepEqual(await versionsOf('mfVisa'), ['1.0.0', '1.1.0', 'other']);
    const loads = (version: string) =>
      scrape(`${app.metrics.url}/metrics`).then((metrics) =>
        metrics.value('varco_remote_loads_total', { remote: 'mfVisa', version, canary: 'false' }),
      );
    assert.equal(await loads('other'), 2);
    // Each app has its own slots.
    await post(app, { events: [load('mfAuth', '2.0.0')] });
    assert.deepEqual(await versionsOf('mfAuth'), ['2.0.0']);

    // 1.1.0 keeps being loaded; 1.0.0 goes unseen past the idle time, and a new version takes its slot.
    now += 45_000;
    await post(app, { events: [load('mfVisa', '1.1.0')] });
    now += 30_000;
    await post(app, { events: [load('mfVisa', '1.4.0'), load('mfVisa', '1.5.0')] });
    assert.deepEqual(await versionsOf('mfVisa'), ['1.1.0', '1.4.0', 'other']);
    assert.equal(await loads('other'), 3);
    assert.equal(await loads('1.4.0'), 1);
  });
});
