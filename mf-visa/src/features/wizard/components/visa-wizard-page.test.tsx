import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { anInvoice, notFound } from '@varco/ui/testing';
import { answerByPath, aVisa, renderRoutes } from '../../../testing/fixtures';
import { DRAFT_STORAGE_KEY } from '../hooks/use-wizard-draft';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const usable = {
  invoices: [
    anInvoice({ idRichiestaRimborso: 1, invoiceNumber: 'FT-1', totalAmount: 300 }),
    anInvoice({ idRichiestaRimborso: 2, invoiceNumber: 'FT-2', vendorName: 'Pelletteria Firenze', totalAmount: 150.5 }),
  ],
  links: { totalItems: 2 },
};

const savedDraft = () => JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null');

beforeEach(() => requestJsonMock.mockReset());

describe('visa wizard while a request is pending (one at a time)', () => {
  const pendingList = (options: unknown) => {
    const { stateCode } = (options as { searchParams: { stateCode?: number } }).searchParams;
    return {
      requests: stateCode === 1 ? [aVisa({ idRichiesta: 12, requestCode: 'VR-2025-PEND0001' })] : [],
      links: { totalItems: stateCode === 1 ? 1 : 0 },
    };
  };

  it('says why no new request can be made and links to the pending one, instead of the steps', async () => {
    requestJsonMock.mockImplementation(
      answerByPath({ 'v1/private/visa/list': pendingList, 'v1/private/invoices/usable': usable }),
    );
    renderRoutes('/protected/visa/create?step=2');
    const refusal = await screen.findByTestId('visa-pending-refusal');
    expect(
      within(refusal).getByRole('heading', { name: 'You already have a pending visa request' }),
    ).toBeInTheDocument();
    expect(within(refusal).getByRole('alert')).toHaveTextContent(
      'Your visa request VR-2025-PEND0001 is still pending: a new request can be created once it has been scanned at the exit point, or after you delete it.',
    );
    expect(within(refusal).getByRole('link', { name: 'Go to the pending request' })).toHaveAttribute(
      'href',
      '/protected/visa/12',
    );
    expect(screen.queryByTestId('step-indicator')).not.toBeInTheDocument();
    expect(screen.queryByTestId('travel-form')).not.toBeInTheDocument();
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/visa/list', expect.anything(), {
      searchParams: { page: 0, limit: 1, language: 'EN', stateCode: 1 },
    });
  });

  it('says it in Italian', async () => {
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/visa/list': pendingList }));
    renderRoutes('/protected/visa/create?step=1', 'it_IT');
    const refusal = await screen.findByTestId('visa-pending-refusal');
    expect(within(refusal).getByRole('alert')).toHaveTextContent(
      'La tua richiesta di visto VR-2025-PEND0001 è ancora in attesa: potrai crearne una nuova',
    );
    expect(within(refusal).getByRole('link', { name: 'Vai alla richiesta in attesa' })).toHaveAttribute(
      'href',
      '/protected/visa/12',
    );
  });

  it('keeps the steps once opened, when the request it submits becomes the pending one', async () => {
    let pendingNow = false;
    const list = () =>
      pendingNow
        ? { requests: [aVisa({ idRichiesta: 56 })], links: { totalItems: 1 } }
        : { requests: [], links: { totalItems: 0 } };
    requestJsonMock.mockImplementation(
      answerByPath({ 'v1/private/visa/list': list, 'v1/private/invoices/usable': usable }),
    );
    const { queryClient } = renderRoutes('/protected/visa/create?step=1');
    expect(await screen.findByRole('checkbox', { name: /FT-1/ })).toBeInTheDocument();
    // What a submission does: the request is created, then every visa query is fetched again.
    pendingNow = true;
    await act(() => queryClient.invalidateQueries({ queryKey: ['visa'] }));
    // The query tells its observers on the next task: let the page draw what it heard.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(requestJsonMock.mock.calls.filter(([path]) => path === 'v1/private/visa/list')).toHaveLength(2);
    expect(screen.getByTestId('step-indicator')).toBeInTheDocument();
    expect(screen.queryByTestId('visa-pending-refusal')).not.toBeInTheDocument();
  });

  it('decides on a fresh answer, not on the pending request it read before that request was deleted', async () => {
    let pendingNow = true;
    const list = (options: unknown) => (pendingNow ? pendingList(options) : { requests: [], links: { totalItems: 0 } });
    requestJsonMock.mockImplementation(
      answerByPath({ 'v1/private/visa/list': list, 'v1/private/invoices/usable': usable }),
    );
    const user = userEvent.setup();
    const links = (
      <>
        <Link to="/protected/visa/999">Another page</Link>
        <Link to="/protected/visa/create?step=1">Add new request</Link>
      </>
    );
    const { queryClient } = renderRoutes('/protected/visa/create?step=1', 'en_US', links);
    expect(await screen.findByTestId('visa-pending-refusal')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Another page' }));
    // The request deleted meanwhile: the cached answer is stale, not gone.
    pendingNow = false;
    await act(() => queryClient.invalidateQueries({ queryKey: ['visa'] }));
    await user.click(screen.getByRole('link', { name: 'Add new request' }));
    expect(await screen.findByRole('checkbox', { name: /FT-1/ })).toBeInTheDocument();
    expect(screen.queryByTestId('visa-pending-refusal')).not.toBeInTheDocument();
  });

  it('opens the steps when no request is pending', async () => {
    requestJsonMock.mockImplementation(
      answerByPath({
        'v1/private/visa/list': { requests: [], links: { totalItems: 0 } },
        'v1/private/invoices/usable': usable,
      }),
    );
    renderRoutes('/protected/visa/create?step=1');
    expect(await screen.findByRole('checkbox', { name: /FT-1/ })).toBeInTheDocument();
    expect(screen.queryByTestId('visa-pending-refusal')).not.toBeInTheDocument();
  });
});

describe('visa wizard (docs/screens.md /protected/visa/create?step=1..3)', () => {
  it('shows step 1 with the step indicator and the usable invoices', async () => {
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    renderRoutes('/protected/visa/create?step=1');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('New visa request');
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('Step 1 of 3: select the invoices');
    const steps = within(screen.getByTestId('step-indicator')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Invoices', '2Travel details', '3Summary']);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(await screen.findByRole('checkbox', { name: /Invoice FT-2, Pelletteria Firenze/ })).not.toBeChecked();
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/usable', expect.anything(), {
      searchParams: { language: 'EN' },
    });
  });

  it('enables Next only once an invoice is selected, and keeps the selection in local storage', async () => {
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    const user = userEvent.setup();
    renderRoutes('/protected/visa/create?step=1');
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: /FT-1/ }));
    expect(next).toBeEnabled();
    expect(savedDraft()).toEqual({ invoices: [1], travel: null });
    await user.click(screen.getByRole('checkbox', { name: /FT-2/ }));
    expect(screen.getByTestId('selection-summary')).toHaveTextContent('2 invoices selected, total €450.50');
    await user.click(screen.getByRole('checkbox', { name: /FT-1/ }));
    expect(savedDraft()).toEqual({ invoices: [2], travel: null });
    await user.click(next);
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=2');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Step 2 of 3: travel details');
  });

  it('takes the selection back from a saved draft, dropping invoices no longer usable', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [2, 99], travel: null }));
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    const user = userEvent.setup();
    renderRoutes('/protected/visa/create?step=1');
    expect(await screen.findByRole('checkbox', { name: /FT-2/ })).toBeChecked();
    expect(screen.getByTestId('selection-summary')).toHaveTextContent('1 invoice selected');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(savedDraft()).toEqual({ invoices: [2], travel: null });
  });

  it("keeps the draft only until sign-out, and never reads one an earlier version left unowned (it may be another traveler's)", async () => {
    localStorage.setItem('varco-visa-draft', JSON.stringify({ invoices: [2], travel: null }));
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    const user = userEvent.setup();
    renderRoutes('/protected/visa/create?step=1');
    expect(await screen.findByRole('checkbox', { name: /FT-2/ })).not.toBeChecked();
    expect(localStorage.getItem('varco-visa-draft')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /FT-1/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(savedDraft()).toEqual({ invoices: [1], travel: null });
    act(() => sessionStore.getState().clearSession());
    expect(savedDraft()).toBeNull();
  });

  it('sends a later step without a draft back to the earlier step', async () => {
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    renderRoutes('/protected/visa/create?step=2');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=1'));
  });

  it('sends step 3 without travel details back to step 2', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1], travel: null }));
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    renderRoutes('/protected/visa/create?step=3');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=2'));
  });

  it('starts a new draft with the invoice of ?invoice= and drops the parameter from the address', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1, 2], travel: null }));
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    renderRoutes('/protected/visa/create?step=1&invoice=2');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected\/visa\/create\?step=1$/));
    expect(savedDraft()).toEqual({ invoices: [2], travel: null });
    expect(await screen.findByRole('checkbox', { name: /FT-2/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /FT-1/ })).not.toBeChecked();
    expect(screen.getByTestId('selection-summary')).toHaveTextContent('1 invoice selected');
  });

  it('drops an ?invoice= that is not a refund id and keeps the draft', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1], travel: null }));
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    renderRoutes('/protected/visa/create?invoice=abc');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected\/visa\/create\?step=1$/));
    expect(savedDraft()).toEqual({ invoices: [1], travel: null });
    expect(await screen.findByRole('checkbox', { name: /FT-1/ })).toBeChecked();
  });

  it.each(['/protected/visa/create', '/protected/visa/create?step=7'])('starts at step 1 for %s', async (route) => {
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    renderRoutes(route);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=1'));
  });

  it('shows the empty state when no invoice can be used, and the load failure on an error', async () => {
    requestJsonMock.mockImplementation(
      answerByPath({ 'v1/private/invoices/usable': { invoices: [], links: { totalItems: 0 } } }),
    );
    const { unmount } = renderRoutes('/protected/visa/create?step=1');
    expect(await screen.findByTestId('empty-invoices')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    unmount();
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': () => Promise.reject(notFound) }));
    renderRoutes('/protected/visa/create?step=1');
    expect(await screen.findByRole('alert')).toHaveTextContent('The invoices could not be loaded.');
  });
});
