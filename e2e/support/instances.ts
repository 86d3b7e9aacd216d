import { expect } from '@playwright/test';

/** Asks the global setup (support/api-instances.ts) to SIGKILL api instance `index` or to start it again. */
export async function controlInstance(index: number, action: 'kill' | 'start'): Promise<void> {
  const answer = await fetch(`${process.env.E2E_CONTROL_URL}/instances/${index}/${action}`, { method: 'POST' });
  expect(answer.status, await answer.text()).toBe(204);
}
