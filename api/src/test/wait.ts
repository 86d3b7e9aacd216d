import { setTimeout as delay } from 'node:timers/promises';

/**
 * Resolves once `condition` holds, looking again every `everyMs`: for what happens off the caller's path (a background
 * pass, a message from the database). The deadline only bounds a failure, which then names what never happened; it
 * proves nothing, so it is generous. Never a way to wait for "nothing happened": await what shows the step was done.
 * Resolves with the milliseconds it waited (what a fault test reports, e.g. how long the mails took to go out).
 */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  everyMs = 10,
): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(everyMs);
  }
  return Date.now() - started;
}
