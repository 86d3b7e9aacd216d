import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../deploy/chromium/launch-options.mjs';
import { E2E_SHELL_PORT } from './support/ports';
import { E2E_WORKERS } from './support/workers';

/**
 * Every spec has travelers of its own (its copy of the demo traveler in each worker, travelers it registers), so specs
 * run side by side (support/workers.ts says how many); the spec that kills an api instance runs alone, after the others.
 */
const ALONE_SPECS = ['**/scale-out.spec.ts'];

/** Every spec is listed under the apps it is about, for `npm run test:changed` (e2e/specs-by-app.json). */
const specsByApp = JSON.parse(readFileSync(new URL('./specs-by-app.json', import.meta.url), 'utf8')) as Record<
  string,
  string[]
>;
const unlisted = readdirSync(new URL('./tests', import.meta.url))
  .filter((file) => file.endsWith('.spec.ts'))
  .map((file) => file.replace(/\.spec\.ts$/, ''))
  .filter((name) => !Object.values(specsByApp).some((specs) => specs.includes(name)));
if (unlisted.length > 0)
  throw new Error(`List these specs under their apps in e2e/specs-by-app.json: ${unlisted.join(', ')}`);
const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './tests',
  // A journey on a slower machine of this kind, with every worker busy, within a minute; a spec that needs more says why.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${E2E_SHELL_PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // A whole suite of pages in one browser: its shared memory goes to /tmp, not a container's small /dev/shm.
      args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'],
    },
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    { name: 'side by side', testIgnore: ALONE_SPECS, use: chromium },
    { name: 'alone', testMatch: ALONE_SPECS, dependencies: ['side by side'], workers: 1, use: chromium },
  ],
});
