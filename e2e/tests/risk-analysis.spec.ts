import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { LANGUAGES, textsOf, type JourneyLanguage } from '../support/messages';
import { signedInWithRequest } from '../support/visas';
import { localeOf } from '../support/wizard';

// The traveler starts the risk analysis of their pending request from its detail page: the api decides the light (the
// e2e api draws no random check, RISK_SAMPLE_RATE=0, so the amount decides: 180 EUR green, 14,500 EUR red) and the page
// shows the new state, light and instruction at once, without a reload.

const LIGHTS = {
  green: { amount: 180, state: 'inCompletion', qr: 'qr.inCompletion', label: 'risk.green', meaning: 'risk.greenText' },
  red: { amount: 14_500, state: 'customsCheck', qr: 'qr.customsCheck', label: 'risk.red', meaning: 'risk.redText' },
} as const;

async function startRiskAnalysis(page: Page, language: JourneyLanguage, light: keyof typeof LIGHTS): Promise<void> {
  const t = textsOf('mf-visa', language);
  const common = textsOf('common', language);
  const expected = LIGHTS[light];
  const { requestId } = await signedInWithRequest(page, expected.amount);
  await chooseLanguage(page, localeOf(language));

  const detail = page.getByTestId('visa-detail');
  await expect(detail).toContainText(common('visaState.pending'));
  await expect(page.getByTestId('qr-instruction')).toHaveText(t('qr.pending'));
  await expect(page.getByTestId('traffic-light')).toHaveCount(0);

  // A mark on the page itself: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
  const started = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v1/private/visa/start-risk-analysis',
  );
  await page.getByRole('button', { name: t('detail.startRisk') }).click();
  expect((await started).status()).toBeLessThan(300);

  const trafficLight = page.getByTestId('traffic-light');
  await expect(trafficLight).toHaveAttribute('data-light', light);
  await expect(trafficLight.getByRole('heading', { name: t('risk.title') })).toBeVisible();
  await expect(page.getByTestId('traffic-light-label')).toHaveText(t(expected.label));
  await expect(trafficLight).toContainText(t(expected.meaning));
  await expect(detail).toContainText(common(`visaState.${expected.state}`));
  await expect(detail).not.toContainText(common('visaState.pending'));
  await expect(page.getByTestId('qr-instruction')).toHaveText(t(expected.qr));
  if (light === 'green')
    await expect(page.getByTestId('in-completion-info')).toContainText(t('detail.inCompletionText'));
  else await expect(page.getByTestId('in-completion-info')).toHaveCount(0);
  // No longer pending: nothing left to start, modify or delete.
  const actions = page.getByTestId('visa-actions');
  await expect(actions.getByRole('button', { name: t('detail.startRisk') })).toHaveCount(0);
  await expect(actions.getByRole('link', { name: t('detail.modify') })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: t('detail.delete') })).toHaveCount(0);
  await expect(page.getByTestId('risk-error')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage)).toBe(true);

  // What the api holds now is what the page shows.
  const visa = (await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json()) as {
    stateCode: number;
    riskAnalysis: { codeAnalysisResult: number };
  };
  expect(visa.riskAnalysis.codeAnalysisResult).toBe(light === 'green' ? 1 : 10);
  expect(visa.stateCode).toBe(light === 'green' ? 50 : 20);
}

test.describe('the risk analysis started by the traveler', () => {
  for (const { code } of LANGUAGES) {
    test(`green: the detail turns to in completion with its light, without a reload (${code})`, async ({ page }) => {
      await startRiskAnalysis(page, code, 'green');
    });
  }

  test('red: the detail sends the traveler to the customs office, without a reload (en)', async ({ page }) => {
    await startRiskAnalysis(page, 'en', 'red');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('red on a 390 px screen (it)', async ({ page }) => {
      await startRiskAnalysis(page, 'it', 'red');
    });
  });
});
