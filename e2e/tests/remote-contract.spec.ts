import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Cdn } from '../../deploy/local-cdn/server.mjs';
import { chooseLanguage } from '../support/fixtures';
import { serveVariant, watchRefusal } from '../support/remote-release';
import { signIn } from '../support/sign-in';

// A team builds mf-invoices against the next major of @varco/federation-contract, which the running shell does not
// speak, and ships it. Built once for the file, into a copy of the CDN.
const CONTRACT_VERSION: string = JSON.parse(
  readFileSync(new URL('../../shared/federation-contract/package.json', import.meta.url), 'utf8'),
).version;
const NEXT_MAJOR = `${Number(CONTRACT_VERSION.split('.')[0]) + 1}.0.0`;

let cdn: Cdn;

test.beforeAll(async () => {
  // A release of mf-invoices built against the next contract major by its release command: up to a minute and a half
  // on a slower machine of this kind with every worker busy.
  test.setTimeout(240_000);
  cdn = await serveVariant('mfInvoices', {
    folder: 'mf-invoices',
    version: '1.0.0',
    library: { name: '@varco/federation-contract', version: NEXT_MAJOR },
  });
});

test.afterAll(async () => {
  await cdn?.close();
});

test('a remote of another contract major is refused with the notice, and the rest of the portal works', async ({
  page,
}) => {
  const { refusals, scripts } = watchRefusal(page, 'mf-invoices');
  await signIn(page, { origin: cdn.url });
  const invoicesNotice = page.locator('[data-testid="remote-unavailable"][data-remote="mfInvoices"]');
  await expect(invoicesNotice).toContainText('This section is unavailable');
  await expect(page.getByTestId('header')).toBeVisible();
  await expect(page.getByTestId('bell')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest visa requests' })).toBeVisible();
  await expect(page.locator('[data-testid="remote-unavailable"]:not([data-remote="mfInvoices"])')).toHaveCount(0);

  await page.getByRole('link', { name: 'All invoices' }).click();
  await expect(page.getByTestId('remote-unavailable')).toContainText('This section is unavailable');
  await chooseLanguage(page, 'it_IT');
  await expect(page.getByTestId('remote-unavailable')).toContainText('Questa sezione non è disponibile');
  await page.getByRole('link', { name: 'Tutte le richieste di visto' }).click();
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);

  // Refused from its manifest: none of its code was downloaded, and the reason was logged once, with both versions.
  expect(scripts).toEqual([]);
  expect(refusals).toHaveLength(1);
  expect(refusals[0]).toContain(
    `mfInvoices implements contract ${NEXT_MAJOR}, this shell contract ${CONTRACT_VERSION}`,
  );
});
