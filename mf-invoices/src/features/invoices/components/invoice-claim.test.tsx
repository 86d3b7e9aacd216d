import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@varco/contracts';
import { requestJson } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { anInvoice, dayFromToday, notFound } from '@varco/ui/testing';
import { aClaim, claimPage, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
const requestJsonMock = jest.mocked(requestJson);

/** The api: the invoice (or a failure), the traveler's open claims about it, and the claim sent. */
function answer(invoice: Invoice | typeof notFound, open: ReturnType<typeof aClaim>[] = []) {
  requestJsonMock.mockImplementation(async (path) => {
    if (path.endsWith('invoices/detail')) {
      if ('status' in invoice) throw invoice;
      return invoice;
    }
    if (path.endsWith('/wrong-invoice'))
      return aClaim({ kind: 'WRONG', invoiceId: 42, problem: 'GOODS_AMOUNTS', note: 'Two bags, not three' });
    return claimPage(open);
  });
}

beforeEach(() => requestJsonMock.mockReset());

describe('"Something is wrong on this invoice"', () => {
  it('is offered on the detail of an available invoice', async () => {
    answer(anInvoice({ idRichiestaRimborso: 42, stateCode: 30 }));
    renderRoutes('/protected/invoice/42');
    expect(await screen.findByRole('link', { name: 'Something is wrong on this invoice' })).toHaveAttribute(
      'href',
      '/protected/invoice/42/claim',
    );
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/claims', expect.anything(), {
      searchParams: { page: 0, limit: 1, invoice: 42, state: 'OPEN' },
    });
  });

  it('says instead that a claim about it waits for the shop', async () => {
    answer(anInvoice({ idRichiestaRimborso: 42 }), [aClaim({ kind: 'WRONG', invoiceId: 42 })]);
    renderRoutes('/protected/invoice/42');
    const open = await screen.findByTestId('open-claim');
    expect(open).toHaveTextContent('Your claim CL-2026-K7M2Q9XD about this invoice is waiting for the shop');
    expect(within(open).getByRole('link', { name: 'See your claims' })).toHaveAttribute(
      'href',
      '/protected/invoice/claims',
    );
    expect(screen.queryByRole('link', { name: 'Something is wrong on this invoice' })).not.toBeInTheDocument();
  });

  it.each([
    ['in a visa request', { stateCode: 90 }],
    ['granted', { stateCode: 100 }],
    ['past its exit deadline', { stateCode: 30, exitDeadline: dayFromToday(-1) }],
  ])('is not offered for an invoice %s', async (_case, overrides) => {
    answer(anInvoice({ idRichiestaRimborso: 42, ...overrides }));
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    expect(screen.queryByTestId('claim-link')).not.toBeInTheDocument();
  });

  it('sends what is wrong and a note, required for the goods, and opens the claims', async () => {
    answer(anInvoice({ idRichiestaRimborso: 42 }));
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/42/claim');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something is wrong on this invoice');
    expect(await screen.findByTestId('claimed-invoice')).toHaveTextContent('FT-2025-0001');
    const problems = screen.getByRole('group', { name: /^What is wrong\?/ });
    await user.click(within(problems).getByRole('radio', { name: 'The goods or the amounts' }));
    expect(screen.getByLabelText(/^Note for the shop/)).toHaveAttribute('aria-required', 'true');
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    expect(await screen.findByTestId('field-issue')).toHaveTextContent('Tell the shop what is wrong');
    expect(screen.getByLabelText(/^Note for the shop/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^Note for the shop/), 'Two bags, not three');
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/invoice/claims'));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/claims/wrong-invoice', expect.anything(), {
      method: 'post',
      json: { idRichiestaRimborso: 42, problem: 'GOODS_AMOUNTS', note: 'Two bags, not three' },
    });
  });

  it('asks what is wrong before anything is sent, in Italian', async () => {
    answer(anInvoice({ idRichiestaRimborso: 42 }));
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/42/claim', 'it_IT');
    await screen.findByTestId('wrong-invoice-form');
    await user.click(screen.getByRole('button', { name: 'Invia la segnalazione' }));
    expect(await screen.findByTestId('field-issue')).toHaveTextContent('Scegli che cosa non va');
    expect(screen.getByRole('radio', { name: 'Il mio nome' })).toHaveFocus();
  });

  it('says an invoice that can no longer go into a request cannot be claimed, and another’s is not found', async () => {
    answer(anInvoice({ idRichiestaRimborso: 42, stateCode: 100 }));
    const { unmount } = renderRoutes('/protected/invoice/42/claim');
    expect(await screen.findByTestId('not-claimable')).toHaveTextContent('This invoice can no longer be claimed');
    expect(screen.queryByTestId('wrong-invoice-form')).not.toBeInTheDocument();
    unmount();
    answer(notFound);
    renderRoutes('/protected/invoice/43/claim');
    expect(await screen.findByTestId('invoice-not-found')).toBeInTheDocument();
  });
});
