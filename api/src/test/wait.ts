import { setTimeout as delay } from 'node:timers/promises';

/**
 * Resolves once `condition` holds, looking again every 10 ms: for what happens off the caller's path (a background
 * pass, a message from the database). The deadline only bounds a failure, which then names what never happened; it
 * proves nothing, so it is generous. Never a way to wait for "nothing happened": await what shows the step was done.
 */
export async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(10);
  }
}
