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
});
