import { screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { LatestList } from './latest-list';
import { httpError, renderWithProviders } from './testing';

/** A home widget of invoices (their numbers), whose answer `load` gives. */
function LatestNumbers({ load }: { load: () => Promise<{ numbers: string[] }> }) {
  const query = useQuery({ queryKey: ['numbers'], queryFn: load, retry: false });
  return (
    <LatestList kind="invoices" query={query} itemsOf={(data) => data.numbers} loadError="Not loaded.">
      {(number) => <li key={number}>{number}</li>}
    </LatestList>
  );
}

describe('LatestList', () => {
  it('shows a loader, then no more records than the home shows of its kind', async () => {
    let answer: (data: { numbers: string[] }) => void = () => undefined;
    renderWithProviders(<LatestNumbers load={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    answer({ numbers: ['FT-1', 'FT-2', 'FT-3', 'FT-4', 'FT-5'] });
    const list = await screen.findByTestId('latest-invoices');
    const shown = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(shown).toEqual(['FT-1', 'FT-2', 'FT-3', 'FT-4']);
  });

  it('shows the empty state of its kind when there is no record', async () => {
    renderWithProviders(<LatestNumbers load={() => Promise.resolve({ numbers: [] })} />);
    expect(await screen.findByTestId('empty-invoices')).toHaveTextContent('No invoices found');
    expect(screen.queryByTestId('latest-invoices')).not.toBeInTheDocument();
  });

  it('shows its load failure, not a blank, when the call fails', async () => {
    renderWithProviders(<LatestNumbers load={() => Promise.reject(httpError(500))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not loaded.');
  });
});
