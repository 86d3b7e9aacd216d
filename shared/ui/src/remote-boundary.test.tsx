import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteBoundary } from './remote-boundary';
import { renderWithProviders } from './testing';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('RemoteBoundary', () => {
  it('shows the notice for a child that throws, tells onError once, and Retry renders the children again', async () => {
    let broken = true;
    const crash = new Error('boom');
    function Child() {
      if (broken) throw crash;
      return <p>recovered</p>;
    }
    const onError = jest.fn();
    const onRetry = jest.fn(() => {
      broken = false;
    });
    renderWithProviders(
      <RemoteBoundary remote="mfVisa" onError={onError} onRetry={onRetry}>
        <Child />
      </RemoteBoundary>,
    );
    expect(await screen.findByTestId('remote-unavailable')).toHaveAttribute('data-remote', 'mfVisa');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(crash);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('recovered')).toBeInTheDocument();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('in the frame, is a small retry button named by the notice, which loads the remote again', async () => {
    let broken = true;
    function Bell() {
      if (broken) throw new Error('no bell');
      return <p>bell</p>;
    }
    renderWithProviders(
      <RemoteBoundary remote="mfNotifications" frame onRetry={() => (broken = false)}>
        <Bell />
      </RemoteBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'This section is unavailable. Retry' });
    expect(retry).toHaveAttribute('data-remote', 'mfNotifications');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(
      screen.queryByText('This part of the portal could not be loaded. The rest of the portal keeps working.'),
    ).toBeNull();
    await userEvent.click(retry);
    expect(await screen.findByText('bell')).toBeInTheDocument();
  });
});
