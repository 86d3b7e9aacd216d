import { Suspense } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from '@varco/ui/testing';
import { knowReleases } from '../beacons/releases';
import { startSending } from '../beacons/sender';
import { fakeTransport, TEST_BEACON_URL } from '../testing/beacons';
import { TEST_CONFIG } from '../testing/test-config';
import { RemoteComponent } from './remote-component';
import { createStandInModule } from './stand-in';

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

  it('in the frame, a remote that could not be loaded is a small retry button, which loads it again', async () => {
    load.mockResolvedValueOnce(createStandInModule('mfNotifications', 'network'));
    load.mockResolvedValueOnce({ default: () => <p>the bell</p> });
    renderWithProviders(<RemoteComponent id="mfNotifications/Bell" frame />);
    const retry = await screen.findByRole('button', { name: 'This section is unavailable. Retry' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(retry);
    expect(await screen.findByText('the bell')).toBeInTheDocument();
  });
});

describe('RemoteComponent reports each load of a remote once (remote-load)', () => {
  let fake: ReturnType<typeof fakeTransport>;
  let stop: () => void;
  const release = (app: string) => ({ app, version: '0.1.0', canary: false });
  const sentAfterHiding = async () => {
    window.dispatchEvent(new Event('pagehide'));
    return (await fake.reports()).flat();
  };

  beforeEach(() => {
    fake = fakeTransport();
    stop = startSending(TEST_BEACON_URL, fake.transport);
    knowReleases({ config: TEST_CONFIG, manifests: TEST_CONFIG.remotes });
  });
  afterEach(() => stop());

  it('as ok once the remote has shown and its mount is gone', async () => {
    load.mockResolvedValue({ default: () => <p>the bell</p> });
    const { unmount } = renderWithProviders(<RemoteComponent id="mfNotifications/Bell" />);
    expect(await screen.findByText('the bell')).toBeInTheDocument();
    unmount();
    expect(await sentAfterHiding()).toEqual([{ type: 'remote-load', outcome: 'ok', ...release('mfNotifications') }]);
  });

  it('once for a mount that React rendered, discarded (its tree suspended) and rendered again', async () => {
    load.mockResolvedValue({ default: () => <p>the bell</p> });
    // The remote providers have arrived with an earlier remote, as on a page after its first remote.
    const first = renderWithProviders(<RemoteComponent id="mfNotifications/Bell" />);
    expect(await screen.findByText('the bell')).toBeInTheDocument();
    first.unmount();
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let open = false;
    void gate.then(() => (open = true));
    function Gate() {
      if (!open) throw gate;
      return null;
    }
    const { unmount } = renderWithProviders(
      <Suspense fallback={<p>waiting</p>}>
        <RemoteComponent id="mfVisa/LatestVisas" />
        <Gate />
      </Suspense>,
    );
    expect(await screen.findByText('waiting')).toBeInTheDocument();
    await act(async () => openGate());
    expect(await screen.findByText('the bell')).toBeInTheDocument();
    // The discarded render started a load of its own.
    expect(load).toHaveBeenCalledTimes(3);
    unmount();
    expect(await sentAfterHiding()).toEqual([
      { type: 'remote-load', outcome: 'ok', ...release('mfNotifications') },
      { type: 'remote-load', outcome: 'ok', ...release('mfVisa') },
    ]);
  });

  it('as failed with render for a crash the boundary caught, once, and its Retry as a new load', async () => {
    let broken = true;
    load.mockImplementation(async () => ({
      default: () => {
        if (broken) throw new Error('boom');
        return <p>recovered</p>;
      },
    }));
    const { unmount } = renderWithProviders(<RemoteComponent id="mfVisa/LatestVisas" />);
    expect(await screen.findByTestId('remote-unavailable')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('recovered')).toBeInTheDocument();
    unmount();
    expect(await sentAfterHiding()).toEqual([
      { type: 'remote-load', outcome: 'failed', reason: 'render', ...release('mfVisa') },
      { type: 'remote-load', outcome: 'ok', ...release('mfVisa') },
    ]);
  });

  it('as failed with the reason of the stand-in the fallback plugin gave, or of a module that did not arrive', async () => {
    load.mockResolvedValueOnce(createStandInModule('mfInvoices', 'timeout'));
    renderWithProviders(<RemoteComponent id="mfInvoices/LatestInvoices" />);
    expect(await screen.findByTestId('remote-unavailable')).toBeInTheDocument();
    load.mockResolvedValueOnce(undefined);
    renderWithProviders(<RemoteComponent id="mfVisa/AddVisaButton" />);
    load.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderWithProviders(<RemoteComponent id="mfNotifications/routes" page />);
    await waitFor(() => expect(screen.getAllByTestId('remote-unavailable')).toHaveLength(3));
    expect(await sentAfterHiding()).toEqual([
      { type: 'remote-load', outcome: 'failed', reason: 'timeout', ...release('mfInvoices') },
      { type: 'remote-load', outcome: 'failed', reason: 'contract', ...release('mfVisa') },
      { type: 'remote-load', outcome: 'failed', reason: 'network', ...release('mfNotifications') },
    ]);
  });
});
