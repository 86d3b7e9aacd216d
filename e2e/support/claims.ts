import { expect, type Page } from '@playwright/test';
import { E2E_API_URL } from './ports';
import { DEMO_VENDOR_KEY, type TravelDocument } from './travelers';

/** Where the demo vendor is told of claims (api/src/modules/demo/seed.ts, DEMO_MERCHANTS). */
export const DEMO_VENDOR_CONTACT = 'tax-free@boutique-milano.example.com';

/** A claim's code, as the page and the merchant's mail write it. */
export const CLAIM_CODE = /CL-\d{4}-[A-HJ-NP-Z2-9]{8}/;

/** A travel document with two characters of its number swapped, as a clerk may type it at the till. */
export function mistyped(document: TravelDocument): TravelDocument {
  const { number } = document;
  const swapped = `${number.slice(0, 1)}${number[2]}${number[1]}${number.slice(3)}`;
  return { ...document, number: swapped === number ? `${number}7` : swapped };
}

/** A call of the demo vendor's system to its claims (`/api/v1/merchant/claims…`), with its key; the answer's body. */
export async function asDemoVendor(path: string, body?: object): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${E2E_API_URL}/api/v1/merchant/claims${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'x-api-key': DEMO_VENDOR_KEY, 'accept-language': 'EN', 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, json: await response.json() };
}

/** The code of the claim the page says was just sent. */
export async function sentClaimCode(page: Page): Promise<string> {
  const sent = page.getByTestId('claim-sent');
  await expect(sent).toContainText(CLAIM_CODE);
  return CLAIM_CODE.exec((await sent.textContent()) ?? '')![0];
}
