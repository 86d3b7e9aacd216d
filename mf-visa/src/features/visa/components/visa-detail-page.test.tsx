import { screen } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { aVisa, notFound, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

beforeEach(() => requestJsonMock.mockReset());

describe('visa detail (SPEC §2 /protected/visa/{id})', () => {
  it('loads the request and shows its QR code', async () => {
    requestJsonMock.mockResolvedValue(aVisa({ qrCode: 'iVBORw0KGgo=' }));
    renderRoutes('/protected/visa/7');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Visa request detail');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByTestId('visa-detail')).toHaveTextContent('RQ-2025-0007');
    expect(screen.getByRole('img', { name: 'QR code of request RQ-2025-0007, to show at the exit point' })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/visa/7', expect.anything(), { searchParams: { language: 'EN' } });
  });

  it('shows the not-found state on a 404', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('visa-not-found')).toHaveTextContent('Visa request not found');
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/protected');
  });

  it('shows the load failure on another error', async () => {
    requestJsonMock.mockRejectedValue({ status: 500, detail: '', extra: {}, type: 'http-error' });
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('visa-load-error')).toHaveTextContent('The visa request could not be loaded.');
  });
});
