import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router-dom';
import { requestJson } from '@varco/http';
import { notFound } from '@varco/ui/testing';
import { aVisa, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const page = (from: number, count: number, totalItems: number) => ({
  requests: Array.from({ length: count }, (_, index) =>
    aVisa({ idRichiesta: from + index, requestCode: `RQ-${from + index}` }),
  ),
  links: { totalItems },
});

beforeEach(() => requestJsonMock.mockReset());

describe('visa list (docs/screens.md /protected/visa)', () => {
  it('shows 10 requests, and Show more adds 10', async () => {
    requestJsonMock.mockImplementation((_path, _schema, options) => {
      const { page: number } = options?.searchParams as { page: number };
      return Promise.resolve(number === 0 ? page(1, 10, 14) : page(11, 4, 14));
    });
    const user = userEvent.setup();
    renderRoutes('/protected/visa');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All visa requests');
    expect(await screen.findAllByTestId('visa-item')).toHaveLength(10);
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/visa/list', expect.anything(), {
      searchParams: { page: 0, limit: 10, language: 'EN' },
    });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('visa-item')).toHaveLength(14));
    expect(requestJsonMock).toHaveBeenLastCalledWith('v1/private/visa/list', expect.anything(), {
      searchParams: { page: 1, limit: 10, language: 'EN' },
    });
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows each request with its code, sent date and hour, amount, invoices and status', async () => {
    requestJsonMock.mockResolvedValue({ requests: [aVisa({ stateCode: 20 })], links: { totalItems: 1 } });
    renderRoutes('/protected/visa');
    const item = within(await screen.findByTestId('visa-item'));
    expect(item.getByRole('link', { name: 'Request RQ-2025-0007' })).toHaveAttribute('href', '/protected/visa/7');
    // 09:05 UTC is 10:05 in Rome in March.
    expect(item.getByText('Sent on Mar 14, 2025 at 10:05')).toBeInTheDocument();
    expect(item.getByText('2 invoices')).toBeInTheDocument();
    expect(item.getByTestId('visa-amount')).toHaveTextContent('€850.00');
    expect(item.getByText('Customs check')).toHaveAttribute('data-color', 'red');
  });

  it('shows the empty state on an empty answer', async () => {
    requestJsonMock.mockResolvedValue({ requests: [], links: { totalItems: 0 } });
    renderRoutes('/protected/visa');
    expect(await screen.findByTestId('empty-visas')).toHaveTextContent('No visas found');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows the load failure when the call fails', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderRoutes('/protected/visa', 'it_IT');
    expect(await screen.findByRole('alert')).toHaveTextContent('Non è stato possibile caricare le richieste di visto.');
    expect(screen.getByRole('heading', { level: 2, name: 'Stati delle richieste di visto' })).toBeInTheDocument();
  });

  it('Back from a request finds as many requests as Show more loaded, even once the cache has let them go', async () => {
    requestJsonMock.mockImplementation((path, _schema, options) => {
      if (path === 'v1/private/visa/11') return Promise.resolve(aVisa({ idRichiesta: 11, requestCode: 'RQ-11' }));
      const { page: number } = options?.searchParams as { page: number };
      return Promise.resolve(number === 0 ? page(1, 10, 14) : page(11, 4, 14));
    });
    function BackButton() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate(-1)}>
          Browser back
        </button>
      );
    }
    const user = userEvent.setup();
    const { queryClient } = renderRoutes('/protected/visa', 'en_US', <BackButton />);
    expect(await screen.findAllByTestId('visa-item')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('visa-item')).toHaveLength(14));

    await user.click(screen.getByRole('link', { name: 'Request RQ-11' }));
    expect(await screen.findByTestId('visa-detail')).toHaveTextContent('RQ-11');
    // The traveler stays long enough for the cache to let the list go.
    queryClient.clear();
    requestJsonMock.mockClear();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getAllByTestId('visa-item')).toHaveLength(14));
    const listPages = requestJsonMock.mock.calls.filter(
      ([path, , options]) =>
        path === 'v1/private/visa/list' && (options?.searchParams as { limit: number }).limit === 10,
    );
    expect(listPages.map(([, , options]) => (options?.searchParams as { page: number }).page)).toEqual([0, 1]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
