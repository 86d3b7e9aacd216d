import type { BeaconEvent } from '@varco/contracts';
import { BEACON_MAX_EVENTS } from '@varco/contracts/plain';

/** How a report leaves the page: the browser's sendBeacon, else a fetch that outlives the page. */
export interface BeaconTransport {
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch: typeof fetch;
}

const browserTransport = (): BeaconTransport => ({
  sendBeacon: typeof navigator.sendBeacon === 'function' ? (url, data) => navigator.sendBeacon(url, data) : undefined,
  fetch: (input, init) => fetch(input, init),
});

let target: { url: string; transport: BeaconTransport } | undefined;
let queued: BeaconEvent[] = [];
let sendingSoon = false;
/** The page is being hidden: what its listeners report now leaves with the rest, in one report. */
let hiding = false;
/** What the sources keep until the page is hidden (the counts of the page shown, the remotes still shown). */
const beforeHiding = new Set<() => void>();

function post(events: BeaconEvent[]): void {
  if (!target) return;
  const { url, transport } = target;
  const body = JSON.stringify({ events });
  try {
    if (transport.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // refused outright (a body over the browser's limit, a blocked address): the fetch below tries
  }
  transport
    .fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
    })
    .catch(() => undefined);
}

function sendQueued(): void {
  while (queued.length > 0) post(queued.splice(0, BEACON_MAX_EVENTS));
}

/** The page is going away or out of sight: whatever is known now is sent, the sources' kept counts first. */
function sendAll(): void {
  hiding = false;
  for (const collect of beforeHiding) collect();
  sendQueued();
}

/**
 * Adds an event to the next report. Nothing is kept before the page starts sending (the build's prerender, the
 * component tests). A full batch goes at once; so does what arrives while the page is hidden (the vitals that
 * web-vitals reports as the page hides).
 */
export function report(event: BeaconEvent): void {
  if (!target) return;
  queued.push(event);
  if (queued.length >= BEACON_MAX_EVENTS) sendQueued();
  else if (document.visibilityState === 'hidden' && !hiding && !sendingSoon) {
    sendingSoon = true;
    queueMicrotask(() => {
      sendingSoon = false;
      sendQueued();
    });
  }
}

/** `collect` reports what its source kept, each time the page is hidden (before that report is sent). */
export function whenHiding(collect: () => void): void {
  beforeHiding.add(collect);
}

/**
 * Starts sending reports to `url` when the page is hidden or left (and when a batch is full); returns what stops it.
 * The event passes the window first (capturing), where web-vitals listens and reports the vitals, then the document,
 * where everything leaves at once.
 */
export function startSending(url: string, transport: BeaconTransport = browserTransport()): () => void {
  target = { url, transport };
  const onHiding = () => {
    hiding = document.visibilityState === 'hidden';
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') sendAll();
  };
  window.addEventListener('visibilitychange', onHiding, true);
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', sendAll);
  return () => {
    window.removeEventListener('visibilitychange', onHiding, true);
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', sendAll);
    target = undefined;
    queued = [];
  };
}
