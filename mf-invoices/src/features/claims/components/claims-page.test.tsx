import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { httpError } from '@varco/ui/testing';
import { aClaim, claimPage, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
const requestJsonMock = jest.mocked(requestJson);

const LIST = 'v1/private/claims';

/** The api: the claims list answers `pages` in turn (by `page`), a withdrawal answers `withdraw`. */
function answer(pages: Array<ReturnType<typeof claimPage>>, withdraw?: () => unknown) {
  requestJsonMock.mockImplementation(async (path, _schema, options) => {
    if (path.endsWith('/withdraw')) {
      const result = withdraw?.();
      if ((result as { status?: number } | undefined)?.status) throw result;
      return result;
    }
    const { page } = (options?.searchParams ?? {}) as { page: number };
    return pages[Math.min(page, pages.length - 1)];
  });
}

beforeEach(() => requestJsonMock.mockReset());

describe('the claims page (docs/screens.md /protected/invoice/claims)', () => {
  it('lists each claim with what was sent, its state and the shop’s answer', async () => {
    answer([
      claimPage([
        aClaim({ id: 3 }),
        aClaim({
          id: 2,
          code: 'CL-2026-REISSUED',
          state: 'REISSUED',
          closedAt: '2026-03-05T10:00:00.000Z',
          reissuedInvoice: { idRichiestaRimborso: 91, invoiceNumber: 'BM-0419-R' },
        }),
        aClaim({
          id: 1,
          code: 'CL-2026-DECLINED',
          kind: 'WRONG',
          problem: 'GOODS_AMOUNTS',
          note: 'Two bags, not three',
          invoiceId: 12,
          state: 'DECLINED',
          closedAt: '2026-03-05T10:00:00.000Z',
          declineReason: 'DATA_CORRECT',
          answerNote: 'The receipt lists three bags.',
        }),
      ]),
    ]);
    renderRoutes('/protected/invoice/claims');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your claims to shops');
    const items = await screen.findAllByTestId('claim-item');
    expect(requestJsonMock).toHaveBeenCalledWith(LIST, expect.anything(), { searchParams: { page: 0, limit: 10 } });
    expect(items.map((item) => within(item).getByTestId('claim-state').textContent)).toEqual([
      'Waiting for the shop',
      'Put right',
      'Declined',
    ]);
    const [open, reissued, declined] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByRole('heading', { level: 2 })).toHaveTextContent('Claim CL-2026-K7M2Q9XD');
    expect(open).toHaveTextContent('Invoice BM-0419/2026 of Boutique Milano S.r.l.');
    expect(open).toHaveTextContent('€640.00');
    expect(open).toHaveTextContent('The shop has not answered yet.');
    expect(within(open).getByRole('button', { name: 'Withdraw the claim' })).toBeInTheDocument();
    expect(within(reissued).getByRole('link', { name: 'Open invoice BM-0419-R' })).toHaveAttribute(
      'href',
      '/protected/invoice/91',
    );
    expect(within(reissued).queryByRole('button', { name: 'Withdraw the claim' })).not.toBeInTheDocument();
    expect(declined).toHaveTextContent('The goods or the amounts');
    expect(declined).toHaveTextContent('Two bags, not three');
    expect(within(declined).getByTestId('claim-answer')).toHaveTextContent(
      "The shop finds the data of the invoice correct.The shop's note: The receipt lists three bags.",
    );
  });

  it('withdraws an open claim after a question whose safe answer has the focus', async () => {
    let withdrawn = false;
    const open = aClaim();
    requestJsonMock.mockImplementation(async (path) => {
      if (path.endsWith('/withdraw')) {
        withdrawn = true;
        return { ...open, state: 'WITHDRAWN', closedAt: '2026-03-04T10:00:00.000Z' };
      }
      return claimPage([withdrawn ? { ...open, state: 'WITHDRAWN', closedAt: '2026-03-04T10:00:00.000Z' } : open]);
    });
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims');
    await user.click(await screen.findByRole('button', { name: 'Withdraw the claim' }));
    const question = screen.getByRole('alertdialog', { name: 'Withdraw claim CL-2026-K7M2Q9XD?' });
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Withdraw' }));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/claims/7/withdraw', expect.anything(), {
      method: 'post',
    });
    await waitFor(() => expect(screen.getByTestId('claim-state')).toHaveTextContent('Withdrawn'));
    expect(screen.queryByRole('button', { name: 'Withdraw the claim' })).not.toBeInTheDocument();
  });

  it('says why a withdrawal was refused (the shop answered meanwhile)', async () => {
    answer([claimPage([aClaim()])], () => httpError(409, 'This claim has already been answered or withdrawn.'));
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims');
    await user.click(await screen.findByRole('button', { name: 'Withdraw the claim' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This claim has already been answered or withdrawn.');
  });

  it('shows 10 at a time, and Show more asks for the next page', async () => {
    const first = Array.from({ length: 10 }, (_, index) => aClaim({ id: 20 - index, code: `CL-2026-A${index}` }));
    answer([claimPage(first, 11), claimPage([aClaim({ id: 1, code: 'CL-2026-LAST' })], 11)]);
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims');
    expect(await screen.findAllByTestId('claim-item')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('claim-item')).toHaveLength(11));
    expect(requestJsonMock).toHaveBeenLastCalledWith(LIST, expect.anything(), { searchParams: { page: 1, limit: 10 } });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when there is no claim yet, and leads to the claim of a missing invoice', async () => {
    answer([claimPage([])]);
    renderRoutes('/protected/invoice/claims');
    expect(await screen.findByTestId('empty-claims')).toHaveTextContent('You have not sent any claim.');
    expect(screen.getByRole('link', { name: 'An invoice is missing?' })).toHaveAttribute(
      'href',
      '/protected/invoice/claims/missing',
    );
  });

  it('says when the claims could not be loaded', async () => {
    requestJsonMock.mockRejectedValue(httpError(500));
    renderRoutes('/protected/invoice/claims');
    expect(await screen.findByText('Your claims could not be loaded. Please try again later.')).toBeInTheDocument();
  });

  it('speaks Italian', async () => {
    answer([
      claimPage([aClaim({ state: 'DECLINED', declineReason: 'NO_SUCH_INVOICE', closedAt: '2026-03-05T10:00:00Z' })]),
    ]);
    renderRoutes('/protected/invoice/claims', 'it_IT');
    const item = await screen.findByTestId('claim-item');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Le tue segnalazioni ai negozi');
    expect(within(item).getByTestId('claim-state')).toHaveTextContent('Respinta');
    expect(item).toHaveTextContent('640,00 €');
    expect(item).toHaveTextContent('Il negozio non ha nessuna fattura che corrisponda al tuo scontrino.');
  });
});
