import { act, screen } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { keepOfflineCopy, sessionStore } from '@varco/session';
import { notFound } from '@varco/ui/testing';
import { aVisa, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const networkError = { status: -1000, detail: '', extra: {}, type: 'network-error' as const };

beforeEach(() => {
  requestJsonMock.mockReset();
  localStorage.clear();
});

describe('visa detail (docs/screens.md /protected/visa/{id})', () => {
  it('loads the request and shows its QR code', async () => {
    requestJsonMock.mockResolvedValue(aVisa({ qrCode: 'iVBORw0KGgo=' }));
    renderRoutes('/protected/visa/7');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Visa request detail');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByTestId('visa-detail')).toHaveTextContent('RQ-2025-0007');
    expect(
      screen.getByRole('img', { name: 'QR code of request RQ-2025-0007, to show at the exit point' }),
    ).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/visa/7', expect.anything(), {
      searchParams: { language: 'EN' },
    });
  });

  it('shows the not-found state on a 404', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('visa-not-found')).toHaveTextContent('Visa request not found');
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/protected');
  });

  it('shows the not-found state, without a call, for an address whose id no request can have', async () => {
    for (const id of ['0', '99999999999', 'abc']) {
      const page = renderRoutes(`/protected/visa/${id}`);
      expect(await screen.findByTestId('visa-not-found')).toHaveTextContent('Visa request not found');
      page.unmount();
    }
    expect(requestJsonMock).not.toHaveBeenCalled();
  });

  it('shows the load failure on another error', async () => {
    requestJsonMock.mockRejectedValue({ status: 500, detail: '', extra: {}, type: 'http-error' });
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('visa-load-error')).toHaveTextContent('The visa request could not be loaded.');
  });

  describe('with no network (the QR at a gate)', () => {
    it('shows the request last seen by this traveler, its QR and when it was received, with no error', async () => {
      requestJsonMock.mockResolvedValueOnce(aVisa({ qrCode: 'iVBORw0KGgo=' }));
      const online = renderRoutes('/protected/visa/7');
      expect(await screen.findByTestId('visa-detail')).toHaveTextContent('RQ-2025-0007');
      expect(screen.queryByTestId('visa-offline-note')).not.toBeInTheDocument();
      online.unmount();

      requestJsonMock.mockRejectedValue(networkError);
      renderRoutes('/protected/visa/7', 'it_IT');
      expect(await screen.findByTestId('visa-offline-note')).toHaveTextContent(
        /^Offline — mostrato al \d+ \w+ \d{4}, ore \d{2}:\d{2}\./,
      );
      expect(screen.getByTestId('visa-detail')).toHaveTextContent('RQ-2025-0007');
      expect(screen.getByTestId('visa-qr').querySelector('img')).toHaveAttribute(
        'src',
        'data:image/png;base64,iVBORw0KGgo=',
      );
      expect(screen.queryByTestId('visa-load-error')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /elimina/i })).not.toBeInTheDocument();
      expect(sessionStore.getState().error).toBeNull();
    });

    it('shows the last answer seen, whatever its language: a newer one (a modified request) replaces the older', async () => {
      // The two answers told apart by a field the page shows as the api sent it.
      requestJsonMock.mockResolvedValueOnce(aVisa({ visaRequestId: 'VR-7-BEFORE' }));
      const english = renderRoutes('/protected/visa/7');
      expect(await screen.findByTestId('visa-detail')).toHaveTextContent('VR-7-BEFORE');
      english.unmount();
      requestJsonMock.mockResolvedValueOnce(aVisa({ visaRequestId: 'VR-7-AFTER' }));
      const italian = renderRoutes('/protected/visa/7', 'it_IT');
      expect(await screen.findByTestId('visa-detail')).toHaveTextContent('VR-7-AFTER');
      italian.unmount();

      requestJsonMock.mockRejectedValue(networkError);
      renderRoutes('/protected/visa/7');
      expect(await screen.findByTestId('visa-offline-note')).toBeInTheDocument();
      expect(screen.getByTestId('visa-detail')).toHaveTextContent('VR-7-AFTER');
      expect(screen.getByTestId('visa-detail')).not.toHaveTextContent('VR-7-BEFORE');
    });

    it('refreshes itself when the connection is back', async () => {
      keepOfflineCopy('YA1234567', 'visa:7', aVisa({ stateDescription: 'Pending' }));
      requestJsonMock.mockRejectedValueOnce(networkError);
      renderRoutes('/protected/visa/7');
      expect(await screen.findByTestId('visa-offline-note')).toHaveTextContent(/^Offline — shown as of/);
      requestJsonMock.mockResolvedValueOnce(aVisa());
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      await screen.findByRole('button', { name: 'Delete' });
      expect(screen.queryByTestId('visa-offline-note')).not.toBeInTheDocument();
      expect(requestJsonMock).toHaveBeenCalledTimes(2);
    });

    it('never shows what another traveler left, nor anything after sign-out', async () => {
      keepOfflineCopy('ZZ7654321', 'visa:7', aVisa());
      requestJsonMock.mockRejectedValue(networkError);
      const first = renderRoutes('/protected/visa/7');
      expect(await screen.findByTestId('visa-load-error')).toBeInTheDocument();
      first.unmount();

      keepOfflineCopy('YA1234567', 'visa:7', aVisa());
      sessionStore.getState().clearSession();
      renderRoutes('/protected/visa/7');
      expect(await screen.findByTestId('visa-load-error')).toBeInTheDocument();
      expect(screen.queryByText('RQ-2025-0007')).not.toBeInTheDocument();
    });
  });
});
