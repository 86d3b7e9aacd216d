import type { Metric, MetricType } from 'prom-client';

/**
 * Upper bounds (seconds) of the request duration buckets: close together around the api's target (p99 ≤ 20 ms, a
 * bound of its own), so that histogram_quantile reads the p99 on the right side of it, then wide enough for the PDFs
 * and the password hashing.
 */
export const REQUEST_BUCKETS = [
  0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
] as const;

/** Upper bounds (seconds) of the query duration buckets: most statements take a fraction of a millisecond. */
export const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 5] as const;

/**
 * Durations counted into buckets with plain numbers: what a request or a query costs is a loop over a few bounds and
 * two additions, read by the registry only when Prometheus scrapes (prom-client's `observe` builds a label key and
 * validates the labels at every call, several times the cost of a warm polling answer's bookkeeping).
 */
export class DurationTally {
  /** Per bucket, not cumulative; the last one is +Inf. */
  readonly counts: Float64Array;
  sum = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(seconds: number): void {
    const bounds = this.bounds;
    let index = 0;
    while (index < bounds.length && seconds > (bounds[index] as number)) index += 1;
    this.counts[index] = (this.counts[index] as number) + 1;
    this.sum += seconds;
  }
}

/** The answers of one route and method: by status code, with their durations. */
export class RequestTally extends DurationTally {
  readonly statuses = new Map<number, number>();

  constructor(
    readonly method: string,
    readonly route: string,
  ) {
    super(REQUEST_BUCKETS);
  }

  record(status: number, seconds: number): void {
    this.observe(seconds);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }
}

type Labels = Record<string, string>;
interface Sample {
  labels: Labels;
  value: number;
  metricName?: string;
}

/**
 * A family read from the tallies at scrape time, in the shape prom-client's registry renders (the `get()` of its own
 * metrics): the registry writes the exposition text, escapes the labels and serves it with the others.
 */
function family(name: string, help: string, type: 'counter' | 'histogram', samples: () => Sample[]): Metric {
  const collector = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type: type as unknown as MetricType, aggregator: 'sum', values: samples() }),
    reset: () => undefined,
  };
  return collector as unknown as Metric;
}

export function counterFamily(name: string, help: string, samples: () => Array<{ labels: Labels; value: number }>) {
  return family(name, help, 'counter', samples);
}

/** A histogram family of tallies, each with its labels. */
export function histogramFamily(
  name: string,
  help: string,
  tallies: () => Iterable<{ labels: Labels; tally: DurationTally }>,
): Metric {
  return family(name, help, 'histogram', () => {
    const samples: Sample[] = [];
    for (const { labels, tally } of tallies()) {
      let cumulative = 0;
      tally.bounds.forEach((bound, index) => {
        cumulative += tally.counts[index] as number;
        samples.push({ labels: { ...labels, le: String(bound) }, value: cumulative, metricName: `${name}_bucket` });
      });
      cumulative += tally.counts[tally.bounds.length] as number;
      samples.push({ labels: { ...labels, le: '+Inf' }, value: cumulative, metricName: `${name}_bucket` });
      samples.push({ labels, value: tally.sum, metricName: `${name}_sum` });
      samples.push({ labels, value: cumulative, metricName: `${name}_count` });
    }
    return samples;
  });
}
