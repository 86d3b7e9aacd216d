import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../deploy/chromium/launch-options.mjs';
import { E2E_SHELL_PORT } from './support/ports';

/**
 * Two workers on two cores: the journeys wait on the network, mails and the api as much as on the CPU. The specs that
 * sign the demo traveler in share one worker (a new sign-in code makes the earlier one stop working), and the spec
 * that kills an api instance runs alone, after the others.
 */
const DEMO_TRAVELER_SPECS = [
  'sign-in',
  'federation',
  'header-menus',
  'invoices',
  'scripts-and-direction',
  'beacons',
  'offline',
  'remote-contract',
  'remote-crash',
  'remote-independence',
  'remote-release',
].map((name) => `**/${name}.spec.ts`);
const ALONE_SPECS = ['**/scale-out.spec.ts'];

/** The specs that call `signIn` without a traveler of their own: they must all share the demo traveler's worker. */
function specsSigningTheDemoTravelerIn(): string[] {
  const dir = fileURLToPath(new URL('./tests', import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.spec.ts'))
    .filter((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/\bsignIn\(([^)]*)\)/g)].some(
        ([, args]) => !args!.includes('traveler'),
      ),
    )
    .map((file) => file.replace(/\.spec\.ts$/, ''));
}
const unlisted = specsSigningTheDemoTravelerIn().filter((name) => !DEMO_TRAVELER_SPECS.includes(`**/${name}.spec.ts`));
if (unlisted.length > 0)
  throw new Error(`These specs sign the demo traveler in: add them to DEMO_TRAVELER_SPECS: ${unlisted.join(', ')}`);
const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './tests',
  // A journey signs a traveler in (a mailed code) and often requests a visa first: well under a minute on a quick
  // machine, one and a half on a slower one of the same kind (2 cores) with both workers busy.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
  },
  projects: [
    { name: 'demo traveler', testMatch: DEMO_TRAVELER_SPECS, workers: 1, use: chromium },
    { name: 'own travelers', testIgnore: [...DEMO_TRAVELER_SPECS, ...ALONE_SPECS], use: chromium },
    {
      name: 'alone',
      testMatch: ALONE_SPECS,
      dependencies: ['demo traveler', 'own travelers'],
      workers: 1,
      use: chromium,
    },
  ],
});
