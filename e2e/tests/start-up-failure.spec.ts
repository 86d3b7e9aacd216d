import { expect, test, type Route } from '@playwright/test';
import { expectAccessible } from '../support/fixtures';

/**
 * The portal is real; only the CDN's answer for the runtime configuration is replaced, the way a CDN or an operator
 * can break it. The shell must say so in the traveler's language, and start once the configuration is back.
 */
const CONFIG = '**/config.json';
const FAILURES: { what: string; answer: (route: Route) => Promise<void> }[] = [
  { what: 'cannot be reached', answer: (route) => route.abort('connectionrefused') },
  {
    what: 'answers 500',
    answer: (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  },
  {
    what: 'is not JSON',
    answer: (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"environment": "local",' }),
  },
  {
    what: 'fails validation',
    answer: async (route) => {
      const response = await route.fetch();
      const config = await response.json();
      await route.fulfill({ response, json: { ...config, remotes: { ...config.remotes, mfAuth: 'not an address' } } });
    },
  },
];

test.describe('the portal cannot read its runtime configuration', () => {
  for (const { what, answer } of FAILURES) {
    test(`when /config.json ${what}: the failure screen, and Try again starts the portal once it is back`, async ({
      page,
    }) => {
      await page.route(CONFIG, answer);
      await page.goto('/howto');
      const failure = page.getByRole('alert');
      await expect(failure.getByRole('heading', { level: 1 })).toHaveText('Server Error');
      await expect(failure).toContainText('The portal could not start because its configuration could not be read.');
      await expect(page.getByTestId('header')).toHaveCount(0);

      await page.unroute(CONFIG);
      await failure.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  }

  test('in Italian for an Italian traveler, and accessible', async ({ page }) => {
    await page.route(CONFIG, FAILURES[1]!.answer);
    await page.goto('/?lng=it_IT');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    const failure = page.getByRole('alert');
    await expect(failure.getByRole('heading', { level: 1 })).toHaveText('Errore del server');
    await expect(failure).toContainText(
      'Il portale non può avviarsi perché non è stato possibile leggere la sua configurazione.',
    );
    await expectAccessible(page);

    await page.unroute(CONFIG);
    await failure.getByRole('button', { name: 'Riprova' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuto in Varco');
  });
});
