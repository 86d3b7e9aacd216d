import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../deploy/chromium/launch-options.mjs';
import { E2E_SHELL_PORT } from './support/ports';

export default defineConfig({
  testDir: './tests',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
