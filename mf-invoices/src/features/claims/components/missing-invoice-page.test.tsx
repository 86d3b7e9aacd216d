import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { addDays, romeToday } from '@varco/contracts';
import { requestJson } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { httpError } from '@varco/ui/testing';
import { aClaim, claimPage, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
const requestJsonMock = jest.mocked(requestJson);

const SHOPS = [
  { vatNumber: 'IT01234567897', name: 'Boutique Milano S.r.l.' },
  { vatNumber: 'IT04455667781', name: 'Boutique Roma' },
];

/** The api: the shop search, the claim (answered by `claim`), and the claims page the traveler then lands on. */
function answer(claim: () => unknown = () => aClaim()) {
  requestJsonMock.mockImplementation(async (path, _schema, options) => {
    if (path.endsWith('/shops')) {
      const { q } = options?.searchParams as { q: string };
      return { shops: SHOPS.filter((shop) => shop.name.toLowerCase().includes(q.toLowerCase())) };
    }
    if (path.endsWith('/missing-invoice')) {
      const result = claim();
      if ((result as { status?: number }).status) throw result;
      return result;
    }
    return claimPage([aClaim()]);
  });
}

const field = (label: RegExp) => screen.getByLabelText(label);

async function fill(user: UserEvent, values: { number?: string; day?: string; total?: string }, language = 'en') {
  const labels =
    language === 'it'
      ? { number: /^Numero della fattura/, day: /^Data di emissione/, total: /^Totale in euro/ }
      : { number: /^Invoice number/, day: /^Issue date/, total: /^Total in euros/ };
  if (values.number !== undefined) await user.type(field(labels.number), values.number);
  if (values.day !== undefined) await user.type(field(labels.day), values.day);
  if (values.total !== undefined) await user.type(field(labels.total), values.total);
}

beforeEach(() => requestJsonMock.mockReset());

describe('"An invoice is missing?" (docs/screens.md /protected/invoice/claims/missing)', () => {
  it('finds the shop, sends what the receipt shows, and opens the claims with the claim sent', async () => {
    answer();
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims/missing', 'it_IT');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manca una fattura?');
    await user.type(field(/^Negozio: nome o partita IVA/), 'boutique');
    await waitFor(() => expect(screen.getByTestId('shop-search-status')).toHaveTextContent('Negozi trovati: 2'));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/claims/shops', expect.anything(), {
      searchParams: { q: 'boutique' },
    });
    const shops = screen.getByRole('group', { name: 'Scegli il negozio' });
    await user.click(within(shops).getByRole('radio', { name: /Boutique Milano S\.r\.l\./ }));
    const day = addDays(romeToday(), -3);
    await fill(user, { number: 'BM-0419/2026', day, total: '1.234,50' }, 'it');
    await user.type(field(/^Nota per il negozio/), 'Scontrino 42');
    await user.click(screen.getByRole('button', { name: 'Invia la segnalazione' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/invoice/claims'));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/claims/missing-invoice', expect.anything(), {
      method: 'post',
      json: {
        shopVatNumber: 'IT01234567897',
        invoiceNumber: 'BM-0419/2026',
        issueDate: day,
        totalAmount: 1234.5,
        note: 'Scontrino 42',
      },
    });
    expect(await screen.findByTestId('claim-sent')).toHaveTextContent(
      'La segnalazione CL-2026-K7M2Q9XD è stata inviata a Boutique Milano S.r.l.: riceverai una notifica',
    );
  });

  it('tells what is wrong with each field, in the page’s words, and sends nothing', async () => {
    answer();
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims/missing');
    await fill(user, { number: 'X', day: addDays(romeToday(), 1), total: '70' });
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    const issues = await screen.findAllByTestId('field-issue');
    expect(issues.map((issue) => issue.textContent)).toEqual([
      'Choose the shop among those found',
      'Enter at least 2 characters',
      'The day cannot be in the future',
      'A tax-free invoice is for more than 70 euros',
    ]);
    // The keyboard goes to the shop's search, the first field to put right.
    expect(field(/^Shop: its name or VAT number/)).toHaveFocus();
    expect(field(/^Total in euros/)).toHaveAccessibleDescription(
      'As printed on the receipt, for example 250.00 A tax-free invoice is for more than 70 euros',
    );
    expect(requestJsonMock).not.toHaveBeenCalledWith(
      'v1/private/claims/missing-invoice',
      expect.anything(),
      expect.anything(),
    );
  });

  it('reads the total as the page’s language writes numbers', async () => {
    answer();
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims/missing');
    await fill(user, { total: '1.234' });
    await user.tab();
    expect(await screen.findByTestId('field-issue')).toHaveTextContent('At most two decimal places');
    await user.clear(field(/^Total in euros/));
    await user.type(field(/^Total in euros/), 'abc');
    await waitFor(() =>
      expect(screen.getByTestId('field-issue')).toHaveTextContent('Enter the amount in euros, for example 250.00'),
    );
  });

  it('shows a refusal that names no field above the form, and one that does on its field, keeping what was typed', async () => {
    let refusal: unknown = httpError(409, 'You already have an open claim about this invoice.');
    answer(() => refusal);
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims/missing');
    await user.type(field(/^Shop: its name or VAT number/), 'milano');
    await user.click(await screen.findByRole('radio', { name: /Boutique Milano/ }));
    await fill(user, { number: 'BM-0419/2026', day: addDays(romeToday(), -1), total: '640' });
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    const alert = await screen.findByTestId('claim-error');
    expect(alert).toHaveTextContent('You already have an open claim about this invoice.');
    expect(alert).toHaveFocus();
    expect(field(/^Invoice number/)).toHaveValue('BM-0419/2026');

    refusal = httpError(400, 'Some data in the request is not valid.', {
      shopVatNumber: 'Choose the shop among those found',
    });
    await user.click(screen.getByRole('button', { name: 'Send the claim' }));
    await waitFor(() => expect(screen.queryByTestId('claim-error')).not.toBeInTheDocument());
    expect(screen.getByTestId('field-issue')).toHaveTextContent('Choose the shop among those found');
  });

  it('says when no shop matches', async () => {
    answer();
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/claims/missing');
    await user.type(field(/^Shop: its name or VAT number/), 'nowhere');
    await waitFor(() =>
      expect(screen.getByTestId('shop-search-status')).toHaveTextContent('No shop issuing through Varco matches.'),
    );
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
