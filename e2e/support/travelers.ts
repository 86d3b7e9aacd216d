import { expect, test } from '@playwright/test';
import { addDays, romeToday } from '../../shared/contracts/src/rome-calendar';
import { CAPTCHA_TEST_ANSWER, E2E_API_URL } from './ports';
import { lastMailId, waitForMail, type TravelerCredentials } from './sign-in';

/** A travel document, as merchants write it on an invoice (the invoices of a traveler are matched by it). */
export interface TravelDocument {
  type: string;
  country: string;
  number: string;
}

export interface FreshTraveler extends Required<TravelerCredentials> {
  document: TravelDocument;
}

/** The demo merchant of `SEED_DEMO` (api/src/modules/demo/seed.ts) and its API key. */
export const DEMO_VENDOR_KEY = 'vk_demo_boutique_milano';
export const DEMO_VENDOR_NAME = 'Boutique Milano S.r.l.';

let sequence = 0;
/** Unique within the run and across runs on one database. */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`;
}

/** The ISO day `offsetDays` days from today in Rome, the agency's calendar. */
export const romeDay = (offsetDays = 0) => addDays(romeToday(), offsetDays);

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${E2E_API_URL}/api/v1/${path}`, init);
}

/** How long to wait at most for the api's limit of captcha pictures from one address (30 a minute) to let one more. */
const CAPTCHA_WAIT_MS = 65_000;

/**
 * A challenge of the captcha, as the sign-up form asks for one. The whole suite asks from this one address, and the
 * api gives 30 pictures a minute to an address: a 429 is waited out (its Retry-After, the test given that much more
 * time).
 */
async function captchaToken(): Promise<string> {
  const deadline = Date.now() + CAPTCHA_WAIT_MS;
  for (;;) {
    const captcha = await api('public/captcha');
    if (captcha.status !== 429 || Date.now() > deadline) {
      expect(captcha.status, await captcha.clone().text()).toBe(200);
      return ((await captcha.json()) as { captcha: { token: string } }).captcha.token;
    }
    const waitMs = Math.min(Number(captcha.headers.get('retry-after') ?? 5) * 1000, deadline - Date.now()) + 250;
    test.info().setTimeout(test.info().timeout + waitMs);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/**
 * Registers `traveler` as the sign-up form does, with a challenge of its own (the e2e api accepts CAPTCHA_TEST_ANSWER
 * for a real challenge, and takes as many registrations from this address as the suite makes).
 */
async function register(traveler: FreshTraveler): Promise<Response> {
  return api('public/traveler', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-captcha-token': await captchaToken(),
      'x-captcha-value': CAPTCHA_TEST_ANSWER,
    },
    body: JSON.stringify({
      lan: 'EN',
      email: traveler.email,
      privacy: true,
      nome: traveler.nome,
      cognome: traveler.cognome,
      secret: traveler.password,
      dataNascita: '1988-04-21',
      tipoDocumentoCodice: traveler.document.type,
      paeseResidenzaCodice: traveler.document.country,
      zonaResidenzaCodice: '',
      numeroDocumento: traveler.document.number,
      paeseDocumentoCodice: traveler.document.country,
    }),
  });
}

/**
 * A traveler of the spec's own, with no invoice, no request and no history: registered through the api as the sign-up
 * form does and activated from the link mailed to them.
 */
export async function createTraveler({
  nome = 'Luca',
  cognome = 'Bianchi',
}: { nome?: string; cognome?: string } = {}): Promise<FreshTraveler> {
  const unique = uniqueSuffix();
  const traveler: FreshTraveler = {
    email: `${nome}.${cognome}.${unique}@example.com`.toLowerCase(),
    password: 'Varco-Test-2026!',
    nome,
    cognome,
    document: { type: 'PASSAPORTO', country: 'CH', number: `X${unique}`.toUpperCase() },
  };
  const before = await lastMailId();
  const registered = await register(traveler);
  expect(registered.status, await registered.clone().text()).toBe(201);
  const mail = await waitForMail(traveler.email, before, /[?&]key1=[\w-]+&key2=[\w-]+/);
  const [, key1, key2] = /[?&]key1=([\w-]+)&key2=([\w-]+)/.exec(mail.text)!;
  const activated = await api(`public/traveler/activate?key1=${key1}&key2=${key2}`);
  expect(activated.status, await activated.clone().text()).toBe(200);
  return traveler;
}

/** An invoice the demo merchant issues through the merchant api to the traveler's document, today unless told. */
export async function issueInvoice(
  traveler: Pick<FreshTraveler, 'nome' | 'cognome' | 'document'>,
  totalAmount: number,
): Promise<{ refundId: number; invoiceNumber: string }> {
  const invoiceNumber = `E2E-${uniqueSuffix()}`.toUpperCase();
  const response = await api('merchant/invoices', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': DEMO_VENDOR_KEY },
    body: JSON.stringify({
      invoiceNumber,
      issueDate: romeDay(),
      totalAmount,
      vatAmount: Math.round(totalAmount * 18) / 100,
      traveler: { name: `${traveler.nome} ${traveler.cognome}`, document: traveler.document },
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { refundId: ((await response.json()) as { refundId: number }).refundId, invoiceNumber };
}
