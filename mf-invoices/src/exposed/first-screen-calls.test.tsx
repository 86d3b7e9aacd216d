import { requestJson } from '@varco/http';
import { callsOnMount, declaredFirstScreenCalls } from '@varco/ui/testing';
import declared from '../../first-screen-calls.json';
import LatestInvoices from './latest-invoices';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));

describe("the first-screen calls in mf-invoices' manifest", () => {
  it('are what LatestInvoices asks for as it mounts', async () => {
    expect(await callsOnMount(<LatestInvoices />, jest.mocked(requestJson))).toEqual(
      declaredFirstScreenCalls(declared.LatestInvoices),
    );
  });
});
