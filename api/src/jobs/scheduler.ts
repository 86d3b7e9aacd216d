import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../plugins/metrics/plugin';

/** The timer functions a job runs on; the global ones by default, a hand-driven pair in tests. */
export interface JobTimers {
  setTimeout(run: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PeriodicJob {
  /** Named in the logs. */
  name: string;
  /** The pause between the end of a pass and the start of the next (ms). */
  intervalMs: number;
  /** When the first pass runs after the start (ms); `intervalMs` by default, 0 for at once. */
  firstDelayMs?: number;
  /** One pass. A failure is logged and the job goes on at the next interval. */
  run: () => Promise<unknown>;
}

export interface JobLogger {
  warn(details: object, message: string): void;
}

const globalTimers: JobTimers = {
  setTimeout(run, delayMs) {
    // A pending pass never keeps the process alive: the server stops through close().
    return setTimeout(run, delayMs).unref();
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Starts a periodic job: its first pass after `firstDelayMs`, then one `intervalMs` after the end of each pass, so that
 * two passes never overlap in a process. `stop()` cancels the next pass and waits for the one under way.
 */
export function startPeriodicJob(
  job: PeriodicJob,
  logger: JobLogger,
  timers: JobTimers = globalTimers,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: unknown;
  let running: Promise<void> | undefined;

  const pass = async () => {
    try {
      await job.run();
    } catch (error) {
      logger.warn({ err: error, job: job.name }, `${job.name} failed`);
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = timers.setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        schedule(job.intervalMs);
      });
    }, delayMs);
  };
  schedule(job.firstDelayMs ?? job.intervalMs);

  return {
    async stop() {
      stopped = true;
      timers.clearTimeout(timer);
      await running;
    },
  };
}

/** Runs a periodic job with the app: started when it is ready, stopped (its pass under way awaited) when it closes. */
export function schedulePeriodicJob(app: FastifyInstance, job: PeriodicJob, timers?: JobTimers): void {
  let handle: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    const observed = observeJob(app.metrics, job.name, job.intervalMs);
    handle = startPeriodicJob({ ...job, run: () => observed(job.run) }, app.log, timers);
  });
  app.addHook('onClose', async () => handle?.stop());
}

/** The families every job of an app shares, and when each task last succeeded (ms since the epoch). */
const jobFamilies = new WeakMap<Metrics, ReturnType<typeof makeJobFamilies>>();

function makeJobFamilies(metrics: Metrics) {
  const lastSuccess = new Map<string, number>();
  return {
    lastSuccess,
    runs: metrics.counter({
      name: 'varco_job_runs_total',
      help: 'Passes of the background jobs (the periodic jobs and the mail dispatcher), by task and outcome (ok or failed).',
      labelNames: ['task', 'outcome'] as const,
    }),
    duration: metrics.histogram({
      name: 'varco_job_duration_seconds',
      help: 'How long a pass of a background job took, by task.',
      labelNames: ['task'] as const,
      buckets: [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
    }),
    interval: metrics.gauge({
      name: 'varco_job_interval_seconds',
      help: 'The pause a background job takes between two passes, by task.',
      labelNames: ['task'] as const,
    }),
    lag: metrics.gauge({
      name: 'varco_job_lag_seconds',
      help: 'Seconds since the task last succeeded (since it started, before its first success): how far behind it is.',
      labelNames: ['task'] as const,
      collect() {
        const now = Date.now();
        for (const [task, at] of lastSuccess) this.set({ task }, (now - at) / 1000);
      },
    }),
  };
}

/**
 * Counts the passes of a job in the app's metrics: by outcome, their duration, and its lag (the seconds since its last
 * success). Called when the job starts: its lag counts from then until the first success. Returns the wrapper of a
 * pass, which rethrows a failure as it was.
 */
export function observeJob(
  metrics: Metrics,
  task: string,
  intervalMs: number,
): <T>(pass: () => Promise<T>) => Promise<T> {
  let families = jobFamilies.get(metrics);
  if (!families) jobFamilies.set(metrics, (families = makeJobFamilies(metrics)));
  const { lastSuccess, runs, duration, interval } = families;
  interval.set({ task }, intervalMs / 1000);
  lastSuccess.set(task, Date.now());
  return async (pass) => {
    const end = duration.startTimer({ task });
    try {
      const result = await pass();
      runs.inc({ task, outcome: 'ok' });
      lastSuccess.set(task, Date.now());
      return result;
    } catch (error) {
      runs.inc({ task, outcome: 'failed' });
      throw error;
    } finally {
      end();
    }
  };
}
