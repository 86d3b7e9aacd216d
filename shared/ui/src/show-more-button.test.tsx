import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { ShowMoreButton } from './show-more-button';
import { renderWithProviders } from './testing';

/** Three pages of one number each, every page answered when the test says so. */
function PagedNumbers({ load }: { load: (page: number) => Promise<number[]> }) {
  const query = useInfiniteQuery({
    queryKey: ['numbers'],
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => (pages.length < 3 ? pages.length : undefined),
  });
  const location = useLocation();
  return (
    <>
      <output data-testid="numbers">{query.data?.pages.flat().join(',')}</output>
      <output data-testid="state">{JSON.stringify(location.state)}</output>
      <ShowMoreButton query={query} historyKey="shownNumberPages" label="Show more" />
    </>
  );
}

describe('ShowMoreButton', () => {
  it('is there while a next page exists, busy while it comes, gone after the last one', async () => {
    const waiting: Array<() => void> = [];
    const load = (page: number) => new Promise<number[]>((resolve) => waiting.push(() => resolve([page])));
    /** Answers the page asked for, and waits until the list shows `numbers`. */
    const answer = async (numbers: string) => {
      await waitFor(() => expect(waiting).toHaveLength(1));
      act(() => waiting.shift()?.());
      await waitFor(() => expect(screen.getByTestId('numbers').textContent).toBe(numbers));
    };
    const button = () => screen.queryByRole('button', { name: 'Show more' });
    const user = userEvent.setup();
    renderWithProviders(<PagedNumbers load={load} />);
    expect(button()).not.toBeInTheDocument();
    await answer('0');

    await user.click(button()!);
    expect(button()).toBeDisabled();
    expect(screen.getByTestId('state')).toHaveTextContent('{"shownNumberPages":2}');
    await answer('0,1');
    expect(button()).toBeEnabled();

    await user.click(button()!);
    await answer('0,1,2');
    expect(button()).not.toBeInTheDocument();
  });
});
