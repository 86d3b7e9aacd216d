import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, labelled, textsOf, type JourneyLanguage } from '../support/messages';
import { createTraveler } from '../support/travelers';
import { signIn } from '../support/sign-in';
import { issueInvoice, romeDay, type FreshTraveler } from '../support/travelers';
import { fieldIssue, focusAndLeave, openTravelStep } from '../support/wizard';
import { romeToUtc } from '../../shared/contracts/src/departure-clock';

// Step 2 of the wizard as the build ships it, in the browser, against the real lists of the api (transport types,
// destination countries, free zones, airports): which fields each choice shows, and the message of each rule, shown
// when the traveler leaves the field, in the traveler's language (texts read from mf-visa's translation files).

/**
 * A fresh traveler with one invoice of theirs, signed in, on step 2 of a new request in `language`; the page's clock
 * set to `clock` once signed in (the sign-in code's validity is the api's, on the real clock).
 */
async function onTravelStep(page: Page, language: JourneyLanguage, clock?: Date): Promise<FreshTraveler> {
  const traveler = await createTraveler();
  const { invoiceNumber } = await issueInvoice(traveler, 180);
  await signIn(page, { traveler });
  if (clock) await page.clock.install({ time: clock });
  await openTravelStep(page, language, invoiceNumber);
  return traveler;
}

function travelForm(page: Page, language: JourneyLanguage) {
  const t = textsOf('mf-visa', language);
  const form = page.getByTestId('travel-form');
  const field = (name: string) => form.getByLabel(labelled(t(`travel.fields.${name}`)));
  return { t, form, field };
}

/** Which fields the transport and the crew flag show, and the messages of the transport, flight, airport and destination rules. */
async function checkFieldRules(page: Page, language: JourneyLanguage): Promise<void> {
  const traveler = await onTravelStep(page, language);
  const { t, form, field } = travelForm(page, language);
  const transport = field('transportType');

  // Nothing chosen and nothing said yet; leaving the field says it is required.
  await expect(fieldIssue(transport)).toHaveCount(0);
  await focusAndLeave(transport);
  await expect(fieldIssue(transport)).toHaveText(t('validation.required'));
  await expect(transport).toHaveAttribute('aria-invalid', 'true');

  // MP, a private vehicle: no crew flag, no travel document, no flight nor airport.
  await transport.selectOption('MP');
  await expect(fieldIssue(transport)).toHaveCount(0);
  for (const hidden of ['crewMember', 'documentType', 'documentNumber', 'flightNumber', 'destinationAirport'])
    await expect(field(hidden)).toHaveCount(0);
  for (const shown of ['destinationCountry', 'destinationFreeZone', 'departureDate', 'hour', 'minutes'])
    await expect(field(shown)).toBeVisible();

  // AE, by air: the crew flag, the document (the profile's, which the traveler may change), a required flight and airport.
  await transport.selectOption('AE');
  await expect(field('crewMember')).toHaveCount(1);
  await expect(field('crewMember')).not.toBeChecked();
  await expect(field('documentType')).toHaveValue(traveler.document.type);
  await expect(field('documentNumber')).toHaveValue(traveler.document.number);
  for (const required of ['documentType', 'documentNumber', 'flightNumber', 'destinationAirport'])
    await expect(field(required)).toHaveAttribute('aria-required', 'true');

  // A crew member has no document fields; unticked, they come back with the profile's document.
  await form.getByText(t('travel.fields.crewMember'), { exact: true }).click();
  await expect(field('crewMember')).toBeChecked();
  await expect(field('documentType')).toHaveCount(0);
  await expect(field('documentNumber')).toHaveCount(0);
  await expect(field('flightNumber')).toBeVisible();
  await form.getByText(t('travel.fields.crewMember'), { exact: true }).click();
  await expect(field('documentType')).toHaveValue(traveler.document.type);
  await expect(field('documentNumber')).toHaveValue(traveler.document.number);

  // The flight number: empty, too short, not a flight number, then right; each told on leaving the field.
  const flight = field('flightNumber');
  await focusAndLeave(flight);
  await expect(fieldIssue(flight)).toHaveText(t('validation.empty'));
  await flight.fill('A');
  await flight.blur();
  await expect(fieldIssue(flight)).toHaveText(t('validation.minLength', { length: 2 }));
  await flight.fill('A1-??');
  await flight.blur();
  await expect(fieldIssue(flight)).toHaveText(t('validation.flightNumber'));
  await flight.fill('AZ610');
  await expect(fieldIssue(flight)).toHaveCount(0);

  // The airport waits for a destination; then it is required.
  const airport = field('destinationAirport');
  await expect(airport).toBeDisabled();
  await field('destinationCountry').selectOption('US');
  await expect(airport).toBeEnabled();
  await focusAndLeave(airport);
  await expect(fieldIssue(airport)).toHaveText(t('validation.required'));
  await airport.selectOption('JFK');
  await expect(fieldIssue(airport)).toHaveCount(0);
  // No free zone outside the EU.
  await expect(field('destinationFreeZone')).toBeDisabled();

  // A member state of the EU is a destination only through one of its free zones.
  const country = field('destinationCountry');
  await country.selectOption('IT');
  await focusAndLeave(country);
  await expect(fieldIssue(country)).toHaveText(t('validation.destinationInEu'));
  await expect(airport).toHaveValue('');
  const freeZone = field('destinationFreeZone');
  await expect(freeZone).toBeEnabled();
  await freeZone.selectOption('IT-LIVIGNO');
  await expect(fieldIssue(country)).toHaveCount(0);

  // Changing the transport clears the form.
  await transport.selectOption('MP');
  await expect(country).toHaveValue('');
  await transport.selectOption('AE');
  await expect(field('flightNumber')).toHaveValue('');
}

/** The hours and minutes offered from the page's clock, and the refusal of a departure in the past. */
async function checkDepartureClock(page: Page, language: JourneyLanguage): Promise<void> {
  // The page's clock at 14:37 in Rome today (it then runs on): the first departure it can offer is 14:40.
  const today = romeDay();
  await onTravelStep(page, language, romeToUtc(today, 14, 37)!);
  const { t, field } = travelForm(page, language);
  const choose = t('travel.choose');
  const hours = (from: number) => [
    choose,
    ...Array.from({ length: 24 - from }, (_, index) => String(from + index).padStart(2, '0')),
  ];
  const minutes = (from: number) => [
    choose,
    ...Array.from({ length: (60 - from) / 5 }, (_, index) => String(from + index * 5).padStart(2, '0')),
  ];

  await field('transportType').selectOption('MP');
  const day = field('departureDate');
  const hour = field('hour');
  const minute = field('minutes');
  await expect(day).toHaveAttribute('min', today);
  await expect(hour).toBeDisabled();

  // Today: the hours from now on, and in this hour the steps of 5 from now on.
  await day.fill(today);
  await expect(hour.locator('option')).toHaveText(hours(14));
  await hour.selectOption('14');
  await expect(minute.locator('option')).toHaveText(minutes(40));
  await hour.selectOption('15');
  await expect(minute.locator('option')).toHaveText(minutes(0));
  await minute.selectOption('30');

  // Another day clears the time and offers every hour.
  await day.fill(romeDay(1));
  await expect(hour).toHaveValue('');
  await expect(minute).toHaveValue('');
  await expect(hour.locator('option')).toHaveText(hours(0));
  // The day chosen is written out in the page's language (the browser's control writes it in the device's).
  const written = await page.evaluate(
    ([isoDay, locale]) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`)),
    [romeDay(1), language === 'it' ? 'it-IT' : 'en-US'] as const,
  );
  await expect(day).toHaveAccessibleDescription(t('travel.chosenDayHint', { day: written }));

  // A day in the past is refused when the traveler leaves the field.
  await day.fill(romeDay(-1));
  await expect(fieldIssue(day)).toHaveCount(0);
  await day.blur();
  await expect(fieldIssue(day)).toHaveText(t('validation.futureDate'));
  await expect(hour).toBeDisabled();

  // Today at 14:40, fine now; four minutes on, 14:40 has passed and the same choice is refused.
  await day.fill(today);
  await expect(fieldIssue(day)).toHaveCount(0);
  await hour.selectOption('14');
  await minute.selectOption('40');
  await minute.blur();
  await expect(fieldIssue(minute)).toHaveCount(0);
  await page.clock.fastForward('04:00');
  await focusAndLeave(minute);
  await expect(fieldIssue(minute)).toHaveText(t('validation.futureDate'));
  // The choice held is still shown (so that the message makes sense), beside the steps still offered.
  await expect(minute.locator('option')).toHaveText([choose, '40', '45', '50', '55']);
  await page.getByRole('button', { name: t('wizard.next') }).click();
  await expect(page).toHaveURL(/\?step=2$/);
  await expect(fieldIssue(minute)).toHaveText(t('validation.futureDate'));
  await minute.selectOption('45');
  await expect(fieldIssue(minute)).toHaveCount(0);
}

// Each test has travelers of its own (the worker's copy of the demo traveler, or fresh ones): they run side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('wizard step 2 in the page', () => {
  for (const { code } of LANGUAGES) {
    test(`MP, crew member and AE show their fields; each rule speaks on blur (${code})`, async ({ page }) => {
      await checkFieldRules(page, code);
    });

    test(`the hours and minutes start from now today, and a past departure is refused (${code})`, async ({ page }) => {
      await checkDepartureClock(page, code);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the rules of the fields on a 390 px screen (it)', async ({ page }) => {
      await checkFieldRules(page, 'it');
    });
  });
});
