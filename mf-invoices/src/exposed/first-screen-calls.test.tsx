import { requestJson } from '@varco/http';
import { callsOnMount, declaredFirstScreenCalls } from '@varco/ui/testing';
import { renderRoutes } from '../testing/fixtures';
import declared from '../../first-screen-calls.json';
import LatestInvoices from './latest-invoices';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));

describe("the first-screen calls in mf-invoices' manifest", () => {
  it('are what LatestInvoices asks for as it mounts', async () => {
    expect(await callsOnMount(<LatestInvoices />, jest.mocked(requestJson))).toEqual(
      declaredFirstScreenCalls(declared.LatestInvoices),
    );
  });

  it('are what the claims page asks for as it opens by its address', async () => {
    expect(await callsOnMount(() => renderRoutes('/protected/invoice/claims'), jest.mocked(requestJson))).toEqual(
      declaredFirstScreenCalls(declared.routes, 'claims'),
    );
  });

  it('are nothing for the pages that ask for something else (the list, a detail)', () => {
    expect(declaredFirstScreenCalls(declared.routes, '')).toEqual([]);
    expect(declaredFirstScreenCalls(declared.routes, '12')).toEqual([]);
  });
});
