import { expect, type APIRequestContext } from '@playwright/test';
import { romeDay, issueInvoice, type FreshTraveler } from './travelers';

/**
 * `count` invoices issued to the traveler through the merchant api, one after the other (the newest last); each one
 * reaches the traveler as a notification (INVOICE_MATCHED), as it does in production.
 */
export async function issueInvoices(
  traveler: FreshTraveler,
  count: number,
  totalAmount = 120,
): Promise<Array<{ refundId: number; invoiceNumber: string }>> {
  const invoices = [];
  for (let index = 0; index < count; index += 1) invoices.push(await issueInvoice(traveler, totalAmount + index));
  return invoices;
}

/**
 * `count` visa requests of a signed-in traveler, made through the api with the browser's session (`request` is the
 * page's, `page.request`): each on an invoice of its own, by private vehicle to Switzerland tomorrow, and each taken out
 * of the pending state by the traveler's own risk analysis (green for these amounts: in completion), so that the next
 * one can be made. Returns their ids, oldest first.
 */
export async function requestsThroughApi(
  request: APIRequestContext,
  traveler: FreshTraveler,
  count: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const { refundId } = await issueInvoice(traveler, 150 + index);
    const created = await request.post('/api/v1/private/visa', {
      data: {
        invoices: [refundId],
        travel: {
          transportType: 'MP',
          crewMember: false,
          travelDate: `${romeDay(1)}T09:00:00.000Z`,
          travelDocType: null,
          travelDocNumber: null,
          destinationCountry: 'CH',
          destinationFreeZone: null,
          flightNumber: null,
          destinationAirport: null,
        },
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id } = (await created.json()) as { id: number };
    const analysed = await request.post('/api/v1/private/visa/start-risk-analysis', { data: { id } });
    expect(analysed.status(), await analysed.text()).toBeLessThan(300);
    ids.push(id);
  }
  return ids;
}
