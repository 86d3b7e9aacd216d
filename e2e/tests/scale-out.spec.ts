// Two api instances on one PostgreSQL server behind nginx (deploy/nginx, as production): they run only when the
// global setup starts two (E2E_DATABASE_URL); otherwise each is reported as skipped with the reason below, so that a run
// without them says so. nginx names the instance that answered each api call in X-Served-By (the tests' rendering only).
import { expect, test, type Page, type Response } from '@playwright/test';
import { controlInstance } from '../support/instances';
import { E2E_API_INSTANCES, E2E_API_INSTANCE_URLS, E2E_API_METRICS_PORTS } from '../support/ports';
import { signIn, signInThroughPage } from '../support/sign-in';
import { createTraveler, issueInvoice } from '../support/travelers';
import { NOTIFICATION_POLL_MS, requestVisa, requestVisaThroughApi, scanAtKiosk } from '../support/visas';

const INSTANCES = E2E_API_INSTANCE_URLS.map((url) => new URL(url).host);

/** Why the file's tests are skipped on embedded PostgreSQL (PGlite): it is one process's database, one api instance. */
const SCALE_OUT_SKIP_REASON =
  'needs a PostgreSQL server (E2E_DATABASE_URL): two api instances behind nginx share one database, PGlite runs one instance';
test.skip(E2E_API_INSTANCES < 2, SCALE_OUT_SKIP_REASON);

/** Every api answer the page receives, with the instance that gave it. */
function recordApiAnswers(page: Page): { path: string; status: number; servedBy: string | undefined }[] {
  const answers: { path: string; status: number; servedBy: string | undefined }[] = [];
  page.on('response', (response: Response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/'))
      answers.push({ path: pathname, status: response.status(), servedBy: response.headers()['x-served-by'] });
  });
  return answers;
}

test.describe('two api instances behind nginx', () => {
  test('signed in through one instance, the traveler is served by the other too', async ({ page }) => {
    const traveler = await createTraveler();
    await issueInvoice(traveler, 320);
    const answers = recordApiAnswers(page);
    await signInThroughPage(page, { traveler });
    await page.goto('/protected/invoice');
    await expect(page.getByTestId('invoice-list')).toBeVisible();

    const signedIn = answers.findIndex(
      (answer) => answer.path.endsWith('/private/traveler/user-info') && answer.status === 200,
    );
    expect(signedIn, JSON.stringify(answers)).toBeGreaterThanOrEqual(0);
    const afterSignIn = answers.slice(signedIn + 1).filter((answer) => answer.path.startsWith('/api/v1/private/'));
    // The session the sign-in created on one instance is accepted by both: the calls after it went to each.
    expect(new Set(afterSignIn.map((answer) => answer.servedBy))).toEqual(new Set(INSTANCES));
    expect(afterSignIn.filter((answer) => answer.status >= 400)).toEqual([]);
  });

  test('a kiosk scan handled by one instance shows up in the bell served by the other', async ({ page }) => {
    const traveler = await createTraveler();
    const { refundId } = await issueInvoice(traveler, 180);
    await page.clock.install();
    await signIn(page, { traveler });
    await page.goto(`/protected/visa/${await requestVisaThroughApi(page, traveler, refundId)}`);
    // Both instances answer the count once before the scan (each keeps the counts it read: they must learn of the
    // change made by the other).
    const counts = await Promise.all(
      [0, 1].map(async () => {
        const answer = await page.request.get('/api/v1/private/notifications/count');
        return { servedBy: answer.headers()['x-served-by'], counter: (await answer.json()).counter as number };
      }),
    );
    expect(new Set(counts.map((count) => count.servedBy))).toEqual(new Set(INSTANCES));
    const before = counts[0]!.counter;
    expect(counts[1]!.counter).toBe(before);

    const scan = await scanAtKiosk(page, E2E_API_INSTANCE_URLS[0]);
    expect(scan.code, scan.output).toBe(0);
    expect(scan.output).toMatch(/^GREEN — visa granted/);

    // The bell polls every 15 s, through nginx: the first poll the other instance answers has the new count.
    let fromOther: Response | undefined;
    for (let poll = 0; poll < 4 && !fromOther; poll += 1) {
      const next = page.waitForResponse((response) => response.url().endsWith('/api/v1/private/notifications/count'));
      await page.clock.fastForward(NOTIFICATION_POLL_MS);
      const answer = await next;
      if (answer.headers()['x-served-by'] === INSTANCES[1]) fromOther = answer;
    }
    expect(fromOther, 'no poll of the bell reached the other instance').toBeDefined();
    expect((await fromOther!.json()).counter).toBe(before + 1);
    await expect(
      page.getByRole('link', {
        name: before + 1 === 1 ? '1 unread notification' : `${before + 1} unread notifications`,
      }),
    ).toBeVisible();
  });

  test('each instance serves its metrics on a port of its own, and nginx answers 404 for them', async ({ request }) => {
    // Some traffic through nginx first: each instance then has answers of its own to count.
    for (let call = 0; call < 4; call += 1)
      expect((await request.get('/api/v1/public/typology/COUNTRY')).status()).toBe(200);
    for (const port of E2E_API_METRICS_PORTS) {
      const metrics = await request.get(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status()).toBe(200);
      expect(await metrics.text()).toMatch(
        /^varco_http_requests_total\{method="GET",route="\/api\/v1\/public\/typology\/:type",status="200"\} [1-9]/m,
      );
    }
    for (const path of ['/metrics', '/api/metrics']) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(404);
      expect(await answer.text()).not.toContain('varco_http_requests_total');
    }
  });

  test('an instance killed in the middle of a journey: the traveler goes on through the other', async ({ page }) => {
    const traveler = await createTraveler();
    const { invoiceNumber } = await issueInvoice(traveler, 250);
    const answers = recordApiAnswers(page);
    await signIn(page, { traveler });
    await page.goto('/protected');
    await expect(page.getByRole('link', { name: 'Add new request' })).toBeVisible();
    try {
      // The instance dies as a crashed machine does; the traveler, signed in through it or not, carries on.
      await controlInstance(0, 'kill');
      const killedAt = answers.length;
      const requestId = await requestVisa(page, traveler, invoiceNumber);
      await expect(page.getByRole('img', { name: /^QR code of request/ })).toBeVisible();
      await page.goto('/protected/invoice');
      await expect(page.getByTestId('invoice-list')).toContainText(invoiceNumber);

      const after = answers.slice(killedAt);
      expect(after.filter((answer) => answer.status >= 400)).toEqual([]);
      expect(after.length).toBeGreaterThan(0);
      // nginx tried the dead one (its address comes first in X-Served-By when it did) and answered from the other.
      expect(after.every((answer) => answer.servedBy?.endsWith(INSTANCES[1]!))).toBe(true);
      expect(requestId).toBeGreaterThan(0);
    } finally {
      await controlInstance(0, 'start');
    }
    // Back: nginx sends calls to it again once its failure is forgotten (fail_timeout, 10 s).
    await expect
      .poll(async () => (await page.request.get('/api/v1/private/notifications/count')).headers()['x-served-by'], {
        timeout: 20_000,
      })
      .toBe(INSTANCES[0]);
  });
});
