import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from '@varco/ui/testing';
import '../test-config';
import { RemoteComponent } from './remote-component';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const load = loadRemote as jest.Mock;

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteComponent (third layer)', () => {
  it('renders the module a remote exposes', async () => {
    load.mockResolvedValue({ default: () => <p>the bell</p> });
    renderWithProviders(<RemoteComponent id="mfNotifications/Bell" />);
    expect(await screen.findByText('the bell')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mfNotifications/Bell');
  });

  it('shows the translated notice when a remote crashes while rendering, and retries', async () => {
    let broken = true;
    load.mockImplementation(async () => ({
      default: () => {
        if (broken) throw new Error('boom');
        return <p>recovered</p>;
      },
    }));
    renderWithProviders(<RemoteComponent id="mfVisa/LatestVisas" />, { language: 'it_IT' });
    expect(await screen.findByText('Questa sezione non è disponibile')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('recovered')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the notice for a remote that exposes nothing usable', async () => {
    load.mockResolvedValue(undefined);
    renderWithProviders(<RemoteComponent id="mfInvoices/LatestInvoices" />);
    expect(await screen.findByTestId('remote-unavailable')).toHaveAttribute('data-remote', 'mfInvoices');
  });
});
