import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { Link, Route, Routes } from 'react-router-dom';
import { DetailPage, type DetailPageTexts } from './detail-page';
import { httpError, renderWithProviders } from './testing';

const texts: DetailPageTexts = {
  title: 'Thing detail',
  notFoundTitle: 'Thing not found',
  notFoundText: 'No such thing.',
  homepage: 'Home',
  loadErrorText: 'The thing could not be loaded.',
  back: 'Back',
};

interface ThingPageProps {
  load: () => Promise<string>;
  notFound?: boolean;
  pageTexts?: DetailPageTexts;
}

/** A detail page whose record `load` answers. */
function ThingPage({ load, notFound = false, pageTexts = texts }: ThingPageProps) {
  const query = useQuery({ queryKey: ['thing'], queryFn: load, retry: false });
  return (
    <DetailPage
      name="thing"
      query={query}
      notFound={notFound}
      texts={pageTexts}
      pageTitle={(thing) => `Thing ${thing}`}
    >
      {(thing) => <p data-testid="thing">{thing}</p>}
    </DetailPage>
  );
}

describe('DetailPage', () => {
  const tabTitle = () => screen.getByRole('heading', { level: 1 }).getAttribute('data-page-title');

  it('names the record, the not-found state or the failure for the tab, and nothing while it loads', async () => {
    let answer: (thing: string) => void = () => undefined;
    const { unmount } = renderWithProviders(<ThingPage load={() => new Promise((resolve) => (answer = resolve))} />);
    expect(tabTitle()).toBeNull();
    answer('T-42');
    await screen.findByTestId('thing');
    expect(tabTitle()).toBe('Thing T-42');
    unmount();

    const notFound = renderWithProviders(<ThingPage load={() => new Promise(() => undefined)} notFound />);
    expect(tabTitle()).toBe('Thing not found');
    notFound.unmount();

    renderWithProviders(<ThingPage load={() => Promise.reject(httpError(500))} />);
    await screen.findByTestId('thing-load-error');
    expect(tabTitle()).toBe('The thing could not be loaded.');
  });

  it('shows its title and a loader, then the record', async () => {
    let answer: (thing: string) => void = () => undefined;
    renderWithProviders(<ThingPage load={() => new Promise((resolve) => (answer = resolve))} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thing detail');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    answer('A thing');
    expect(await screen.findByTestId('thing')).toHaveTextContent('A thing');
  });

  it('shows the not-found state, with the way to the homepage, when there is no such record', () => {
    renderWithProviders(<ThingPage load={() => new Promise(() => undefined)} notFound />);
    expect(screen.getByTestId('thing-not-found')).toHaveTextContent('Thing not found');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/protected');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows a load failure, with its heading when it has one, and a button back to the page before', async () => {
    const user = userEvent.setup();
    const withHeading = { ...texts, loadErrorTitle: 'Oops' };
    const failing = <ThingPage load={() => Promise.reject(httpError(500))} pageTexts={withHeading} />;
    renderWithProviders(
      <Routes>
        <Route path="/list" element={<Link to="/thing">To the thing</Link>} />
        <Route path="/thing" element={failing} />
      </Routes>,
      { route: '/list' },
    );
    await user.click(screen.getByRole('link', { name: 'To the thing' }));
    const failure = await screen.findByTestId('thing-load-error');
    expect(failure).toHaveAttribute('role', 'alert');
    expect(within(failure).getByRole('heading', { name: 'Oops' })).toBeInTheDocument();
    expect(failure).toHaveTextContent('The thing could not be loaded.');
    await user.click(within(failure).getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'To the thing' })).toBeInTheDocument();
  });

  it('has no heading in a load failure told in one sentence', async () => {
    renderWithProviders(<ThingPage load={() => Promise.reject(httpError(500))} />);
    const failure = await screen.findByTestId('thing-load-error');
    expect(within(failure).queryByRole('heading')).not.toBeInTheDocument();
    expect(failure).toHaveTextContent('The thing could not be loaded.');
  });
});
