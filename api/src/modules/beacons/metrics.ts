import {
  BEACON_PAGES,
  REMOTE_FAILURE_REASONS,
  type Beacon,
  type BeaconApp,
  type BeaconEvent,
  type RemoteFailureReason,
} from '@varco/contracts';
import type { Metrics } from '../../plugins/metrics/plugin';
import { OTHER_VERSION, type Releases } from './releases';
import { createReporterCounts } from './reporters';

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
/** Past web.dev's "good" (the canary report's default bounds), in the reports' milliseconds: a slow view's reporter. */
const SLOW = { LCP: 2500, INP: 200 } as const;

/**
 * What a reporter reported of an app version, each counted once per reporter (`varco_beacon_reporters_total`): a load
 * of the remote, a failed one, a page whose api calls failed, a slow LCP or INP: the canary report's evidence.
 */
export const EVIDENCE = ['load', 'load_failed', 'api_failed', 'lcp_slow', 'inp_slow'] as const;
type Evidence = (typeof EVIDENCE)[number];

/** What one report says once each remote's loads are one, and each page's vitals and calls one of each. */
interface Report {
  /** Per remote: its version, and the reason of its first failed load (none when every load showed). */
  loads: Map<BeaconApp, { version: string; failure: RemoteFailureReason | typeof UNKNOWN_REASON | undefined }>;
  vitals: Map<string, Extract<BeaconEvent, { type: 'vital' }>>;
  calls: Map<string, Extract<BeaconEvent, { type: 'api-calls' }>>;
}

/**
 * A report as counted: at most one load of each remote (failed when any of its loads in the report failed: a Retry that
 * worked after a failure was still a failure seen), one value of each vital per page and app, one count of api calls
 * per page and app; the rest of a report is dropped. So one report weighs what one page view does.
 */
function summarise(beacon: Beacon): Report {
  const report: Report = { loads: new Map(), vitals: new Map(), calls: new Map() };
  for (const event of beacon.events) {
    switch (event.type) {
      case 'remote-load': {
        let load = report.loads.get(event.app);
        if (!load) report.loads.set(event.app, (load = { version: event.version, failure: undefined }));
        if (event.outcome === 'failed' && load.version === event.version)
          load.failure ??= event.reason ?? UNKNOWN_REASON;
        break;
      }
      case 'vital': {
        const key = `${event.name} ${event.page} ${event.app}`;
        if (!report.vitals.has(key)) report.vitals.set(key, event);
        break;
      }
      case 'api-calls': {
        const key = `${event.page} ${event.app}`;
        if (!report.calls.has(key)) report.calls.set(key, event);
        break;
      }
    }
  }
  return report;
}

/**
 * The browsers' reports as Prometheus families of the api's registry (api/src/plugins/metrics/README.md, "The browsers'
 * reports"): the remotes' loads and failures, the Core Web Vitals and the api calls of each page, by app version and
 * canary, and the distinct reporters of each. Every label value is from a closed list of the contract, but the version,
 * which is one the runtime configuration names (`releases`) or OTHER_VERSION, and the canary flag, which the
 * configuration gives.
 */
export function createBeaconMetrics(metrics: Metrics, releases: Releases, options: { now?: () => number } = {}) {
  const loads = metrics.counter({
    name: 'varco_remote_loads_total',
    help: 'Loads of a remote by the browsers (shown or not), by remote, version and canary (the browsers’ reports, one per remote and report).',
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
  const reporterFamily = metrics.counter({
    name: 'varco_beacon_reporters_total',
    help: 'Distinct reporters (client addresses, IPv6 by /56) of an app version, by what they reported (load, load_failed, api_failed, lcp_slow, inp_slow), each counted once an hour by the instance.',
    labelNames: ['app', 'version', 'evidence'] as const,
  });
  metrics.gauge({
    name: 'varco_beacon_versions',
    help: 'The versions of each app counted under their own label (named by the runtime configuration now, or lately): 1 each.',
    labelNames: ['app', 'version'] as const,
    collect() {
      this.reset();
      for (const { app, version } of releases.versions()) this.set({ app, version }, 1);
    },
  });

  const reporters = createReporterCounts(options);
  /** Remote versions whose series exist (at 0 until a load or failure), so that a ratio or rate never lacks them. */
  const withFailureSeries = new Set<string>();

  /** A version is no longer counted by name: its series are few and known (the contract's lists), each dropped by name. */
  function drop(app: BeaconApp, version: string): void {
    reporters.forget(`${app} ${version} `);
    for (const evidence of EVIDENCE) reporterFamily.remove({ app, version, evidence });
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
  }

  /** The series of a remote version's loads: their failures exist from its first load, at 0 for each reason. */
  function remoteSeries(app: BeaconApp, version: string, canary: string) {
    const remote = { remote: app, version, canary };
    const key = JSON.stringify(remote);
    if (!withFailureSeries.has(key)) {
      withFailureSeries.add(key);
      loads.inc(remote, 0);
      for (const reason of REASONS) failures.inc({ ...remote, reason }, 0);
    }
    return remote;
  }

  /**
   * A version the configuration names gets its loads', failures' and reporters' series at 0 before any report: what
   * Prometheus then counts as an increase is every report of it, its first ones included.
   */
  function named(app: BeaconApp, version: string, candidate: boolean): void {
    remoteSeries(app, version, String(candidate));
    for (const evidence of EVIDENCE) reporterFamily.inc({ app, version, evidence }, 0);
  }

  function countReporter(reporter: number, app: BeaconApp, version: string, evidence: Evidence): void {
    if (version === OTHER_VERSION) return;
    if (reporters.firstSighting(`${app} ${version} ${evidence}`, reporter))
      reporterFamily.inc({ app, version, evidence });
  }

  return {
    named,
    drop,
    /** Counts a valid report (`summarise`) sent from `ip`. */
    record(beacon: Beacon, ip: string): void {
      const report = summarise(beacon);
      const reporter = reporters.reporter(ip);
      const release = (app: BeaconApp, version: string) => {
        const label = releases.label(app, version);
        return { version: label, canary: String(label !== OTHER_VERSION && releases.isCandidate(app, version)) };
      };
      for (const [app, load] of report.loads) {
        const { version, canary } = release(app, load.version);
        const remote = remoteSeries(app, version, canary);
        loads.inc(remote);
        countReporter(reporter, app, remote.version, 'load');
        if (load.failure) {
          failures.inc({ ...remote, reason: load.failure });
          countReporter(reporter, app, remote.version, 'load_failed');
        }
      }
      for (const event of report.vitals.values()) {
        const labels = { page: event.page, app: event.app, ...release(event.app, event.version) };
        // LCP and INP come in milliseconds (web-vitals), CLS without a unit.
        vitals[event.name].observe(labels, event.name === 'CLS' ? event.value : event.value / 1000);
        if (event.name !== 'CLS' && event.value > SLOW[event.name])
          countReporter(reporter, event.app, labels.version, event.name === 'LCP' ? 'lcp_slow' : 'inp_slow');
      }
      for (const event of report.calls.values()) {
        const labels = { page: event.page, app: event.app, ...release(event.app, event.version) };
        // Both outcomes, zeros included: a failure ratio then has its two series from the first report.
        pageCalls.inc({ ...labels, outcome: 'ok' }, event.ok);
        pageCalls.inc({ ...labels, outcome: 'failed' }, event.failed);
        if (event.failed > 0) countReporter(reporter, event.app, labels.version, 'api_failed');
      }
    },
  };
}
