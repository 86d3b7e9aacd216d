import type { BeaconEvent } from '@varco/contracts';
import { BEACON_MAX_EVENTS } from '@varco/contracts/plain';
import { fakeTransport, TEST_BEACON_URL } from '../testing/beacons';

type Sender = typeof import('./sender');
let sender: Sender;
let stop: () => void;
let visibility: DocumentVisibilityState;

const vital = (value: number): BeaconEvent => ({
  type: 'vital',
  name: 'LCP',
  value,
  page: 'welcome',
  app: 'shell',
  version: '0.1.0',
  canary: false,
});

function hide(): void {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(async () => {
  jest.resetModules();
  sender = await import('./sender');
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => stop?.());

describe('the report leaves the page', () => {
  it('with sendBeacon, as one JSON batch, when the page is hidden', async () => {
    const fake = fakeTransport();
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    sender.report(vital(1200));
    sender.report(vital(900));
    expect(fake.sendBeacon).not.toHaveBeenCalled();
    hide();
    expect(await fake.reports()).toEqual([[vital(1200), vital(900)]]);
    // Nothing is sent twice: a second hide has nothing to send.
    hide();
    expect(fake.sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('when the page is left (pagehide), and the sources add what they kept first', async () => {
    const fake = fakeTransport();
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    sender.whenHiding(() => sender.report(vital(5)));
    sender.report(vital(1));
    window.dispatchEvent(new Event('pagehide'));
    expect(await fake.reports()).toEqual([[vital(1), vital(5)]]);
  });

  it(`at once when a batch reaches ${BEACON_MAX_EVENTS} events, the next batch waiting for its turn`, async () => {
    const fake = fakeTransport();
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    for (let value = 0; value < BEACON_MAX_EVENTS + 3; value += 1) sender.report(vital(value));
    const [first] = await fake.reports();
    expect(first).toHaveLength(BEACON_MAX_EVENTS);
    expect(first?.[0]).toEqual(vital(0));
    hide();
    const reports = await fake.reports();
    expect(reports).toHaveLength(2);
    expect(reports[1]).toEqual([vital(50), vital(51), vital(52)]);
  });

  it('in one report with the vitals that web-vitals reports as the page hides (its listeners come first)', async () => {
    const fake = fakeTransport();
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    // web-vitals listens on the window, capturing, and is loaded after the start.
    const webVitals = () => {
      sender.report(vital(2));
      sender.report(vital(3));
    };
    window.addEventListener('visibilitychange', webVitals, true);
    // A browser runs microtasks between two listeners: a report sent from one would leave before the others'.
    const soon = jest.spyOn(globalThis, 'queueMicrotask');
    sender.report(vital(1));
    hide();
    await Promise.resolve();
    window.removeEventListener('visibilitychange', webVitals, true);
    expect(soon).not.toHaveBeenCalled();
    soon.mockRestore();
    expect(await fake.reports()).toEqual([[vital(1), vital(2), vital(3)]]);
  });

  it('soon, for an event reported while the page is hidden (a vital reported once the page is out of sight)', async () => {
    const fake = fakeTransport();
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    hide();
    sender.report(vital(7));
    sender.report(vital(8));
    expect(fake.sendBeacon).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(await fake.reports()).toEqual([[vital(7), vital(8)]]);
  });

  it.each([
    ['refuses it', false],
    ['is missing', 'missing'],
    ['throws', 'throws'],
  ] as const)('with a fetch that outlives the page when sendBeacon %s, without cookies', async (_case, beacon) => {
    const fake = fakeTransport({ accepts: beacon });
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    sender.report(vital(3));
    hide();
    expect(fake.fetch).toHaveBeenCalledTimes(1);
    const [url, init = {}] = fake.fetch.mock.calls[0]!;
    expect(url).toBe(TEST_BEACON_URL);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ events: [vital(3)] });
  });

  it('silently when the fallback fetch fails', async () => {
    const fake = fakeTransport({ accepts: 'missing' });
    fake.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    sender.report(vital(3));
    hide();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(fake.fetch).toHaveBeenCalledTimes(1);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('never before the page starts it (the build’s prerender, the component tests), nor after it stops', async () => {
    const fake = fakeTransport();
    sender.report(vital(1));
    stop = sender.startSending(TEST_BEACON_URL, fake.transport);
    hide();
    expect(fake.sendBeacon).not.toHaveBeenCalled();
    sender.report(vital(2));
    stop();
    await Promise.resolve();
    hide();
    expect(fake.sendBeacon).not.toHaveBeenCalled();
  });
});
