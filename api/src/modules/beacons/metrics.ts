import { BEACON_PAGES, REMOTE_FAILURE_REASONS, type Beacon, type BeaconEvent } from '@varco/contracts';
import type { Metrics } from '../../plugins/metrics/plugin';
import { VersionSlots } from './version-slots';

/** The reason of a failed load that names none. */
const UNKNOWN_REASON = 'unknown';
const REASONS = [...REMOTE_FAILURE_REASONS, UNKNOWN_REASON];
const CANARY = ['true', 'false'];
const OUTCOMES = ['ok', 'failed'] as const;

// Seconds. LCP is good up to 2.5 s and poor past 4 s, INP good up to 200 ms and poor past 500 ms, CLS good up to 0.1
// and poor past 0.25 (web.dev): each bound is a bucket edge, so a p75 compared with it reads true.
const LCP_BUCKETS = [0.25, 0.5, 0.75, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10];
const INP_BUCKETS = [0.025, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.75, 1, 2];
const CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

export interface BeaconMetricsOptions {
  /** Versions per app with series of their own (the others count as "other"); VERSIONS_PER_APP by default. */
  versionsPerApp?: number;
  /** How long a version must go unseen before a new one may take its slot; VERSION_IDLE_MS by default. */
  versionIdleMs?: number;
  now?: () => number;
}

/** A handful of releases of one app live at once (stable, canary, the one before): room for them and a few more. */
const VERSIONS_PER_APP = 8;
const VERSION_IDLE_MS = 60 * 60 * 1000;

/**
 * The browsers' reports as Prometheus families of the api's registry (api/README.md, "Metrics"): the remotes' loads
 * and failures, the Core Web Vitals and the api calls of each page, by app version and canary. Every label value is
 * from a closed list of the contract, but the version, which VersionSlots caps.
 */
export function createBeaconMetrics(metrics: Metrics, options: BeaconMetricsOptions = {}) {
  const loads = metrics.counter({
    name: 'varco_remote_loads_total',
    help: 'Loads of a remote by the browsers (shown or not), by remote, version and canary (the browsers’ reports).',
    labelNames: ['remote', 'version', 'canary'] as const,
  });
  const failures = metrics.counter({
    name: 'varco_remote_load_failures_total',
    help: 'Loads of a remote that did not show, by remote, version, canary and reason (network, timeout, contract, render, unknown).',
    labelNames: ['remote', 'version', 'canary', 'reason'] as const,
  });
  const vitalLabels = ['page', 'app', 'version', 'canary'] as const;
  const vitals = {
    LCP: metrics.histogram({
      name: 'varco_web_vitals_lcp_seconds',
      help: 'Largest Contentful Paint of the browsers’ page views, by page, app, version and canary.',
      labelNames: vitalLabels,
      buckets: LCP_BUCKETS,
    }),
    INP: metrics.histogram({
      name: 'varco_web_vitals_inp_seconds',
      help: 'Interaction to Next Paint of the browsers’ page views, by page, app, version and canary.',
      labelNames: vitalLabels,
      buckets: INP_BUCKETS,
    }),
    CLS: metrics.histogram({
      name: 'varco_web_vitals_cls',
      help: 'Cumulative Layout Shift (unitless) of the browsers’ page views, by page, app, version and canary.',
      labelNames: vitalLabels,
      buckets: CLS_BUCKETS,
    }),
  };
  const pageCalls = metrics.counter({
    name: 'varco_page_api_calls_total',
    help: 'Api calls made while a page was shown, by page, app, version, canary and outcome (failed: 5xx or no answer).',
    labelNames: ['page', 'app', 'version', 'canary', 'outcome'] as const,
  });

  /** Remote versions whose failure series exist (at 0 until a failure), so that a ratio or rate never lacks them. */
  const withFailureSeries = new Set<string>();
  const slots = new VersionSlots({
    perApp: options.versionsPerApp ?? VERSIONS_PER_APP,
    idleMs: options.versionIdleMs ?? VERSION_IDLE_MS,
    now: options.now,
    // A version's series are few and known (the contract's lists): each is dropped by name.
    onEvict(app, version) {
      for (const canary of CANARY) {
        const remote = { remote: app, version, canary };
        withFailureSeries.delete(JSON.stringify(remote));
        loads.remove(remote);
        for (const reason of REASONS) failures.remove({ ...remote, reason });
        for (const page of BEACON_PAGES) {
          const labels = { page, app, version, canary };
          for (const histogram of Object.values(vitals)) histogram.remove(labels);
          for (const outcome of OUTCOMES) pageCalls.remove({ ...labels, outcome });
        }
      }
    },
  });

  function record(event: BeaconEvent): void {
    const version = slots.label(event.app, event.version);
    const canary = String(event.canary);
    switch (event.type) {
      case 'vital': {
        // LCP and INP come in milliseconds (web-vitals), CLS without a unit.
        const value = event.name === 'CLS' ? event.value : event.value / 1000;
        vitals[event.name].observe({ page: event.page, app: event.app, version, canary }, value);
        return;
      }
      case 'remote-load': {
        const remote = { remote: event.app, version, canary };
        const key = JSON.stringify(remote);
        if (!withFailureSeries.has(key)) {
          withFailureSeries.add(key);
          for (const reason of REASONS) failures.inc({ ...remote, reason }, 0);
        }
        loads.inc(remote);
        if (event.outcome === 'failed') failures.inc({ ...remote, reason: event.reason ?? UNKNOWN_REASON });
        return;
      }
      case 'api-calls': {
        const labels = { page: event.page, app: event.app, version, canary };
        // Both outcomes, zeros included: a failure ratio then has its two series from the first report.
        pageCalls.inc({ ...labels, outcome: 'ok' }, event.ok);
        pageCalls.inc({ ...labels, outcome: 'failed' }, event.failed);
        return;
      }
    }
  }

  return {
    /** Counts every event of a valid report. */
    record(beacon: Beacon): void {
      for (const event of beacon.events) record(event);
    },
  };
}
