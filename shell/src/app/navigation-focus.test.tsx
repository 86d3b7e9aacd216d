import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { i18n } from '@varco/i18n';
import { announcedWith, PageLoader, pageTitleProps } from '@varco/ui';
import { renderWithProviders } from '@varco/ui/testing';
import { useFocusAfterNavigation } from './navigation-focus';
import { usePageTitle } from './page-title';

/** A page whose record arrives when the traveler asks for it: a loader until then. */
function SlowPage() {
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/slow?step=1', { replace: true })}>
        Put the step in the address
      </button>
      <h1 {...pageTitleProps(loaded ? 'Request R-42' : undefined)}>Request detail</h1>
      {loaded ? <p>The request</p> : <PageLoader />}
      <button type="button" onClick={() => setLoaded(true)}>
        Arrive
      </button>
    </>
  );
}

function Wizard() {
  const navigate = useNavigate();
  return (
    <>
      <h1>New request</h1>
      <button type="button" onClick={() => navigate('/wizard?step=2')}>
        Next
      </button>
      <button type="button" onClick={() => navigate('/wizard?tab=other', { replace: true })}>
        Filter
      </button>
      <button
        type="button"
        onClick={() => navigate('/list', { state: announcedWith('Request R-7 has been deleted.') })}
      >
        Delete
      </button>
    </>
  );
}

/** The frame's part of it: the title, the main region, and the announcement. */
function Frame() {
  usePageTitle();
  const announcement = useFocusAfterNavigation();
  return (
    <>
      <nav>
        <Link to="/list">The list</Link>
        <Link to="/slow">The slow page</Link>
      </nav>
      <main id="main">
        <Routes>
          <Route path="/list" element={<h1>All requests</h1>} />
          <Route path="/slow" element={<SlowPage />} />
          <Route path="/wizard" element={<Wizard />} />
          <Route path="/empty" element={<p>Nothing yet</p>} />
        </Routes>
      </main>
      <div data-testid="announcer">{announcement}</div>
    </>
  );
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('the page title and the focus after a navigation', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en_US')));

  it('titles the tab "page – Varco" by the page’s h1, its own title when it gives one, the portal’s name without', async () => {
    renderWithProviders(<Frame />, { route: '/slow' });
    expect(document.title).toBe('Request detail – Varco');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Arrive' }));
    await waitFor(() => expect(document.title).toBe('Request R-42 – Varco'));
  });

  it('shows the portal’s name while no page has a heading', () => {
    renderWithProviders(<Frame />, { route: '/empty' });
    expect(document.title).toBe('Varco - Digital Tax Free');
  });

  it('retitles in the new language', async () => {
    renderWithProviders(<Frame />, { route: '/empty' });
    await act(() => i18n.changeLanguage('it_IT'));
    expect(document.title).toBe('Varco - Tax Free digitale');
  });

  it('leaves the focus alone on the first page of a visit', () => {
    renderWithProviders(<Frame />, { route: '/list' });
    expect(document.body).toHaveFocus();
    expect(screen.getByTestId('announcer')).toBeEmptyDOMElement();
  });

  it('moves the focus to the new page’s heading and announces its title once, after a link', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Frame />, { route: '/empty' });
    await user.click(screen.getByRole('link', { name: 'The list' }));
    await waitFor(() => expect(heading()).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId('announcer')).toHaveTextContent('All requests – Varco'));
  });

  it('waits for the page to load before it moves the focus, then announces the record’s title', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Frame />, { route: '/list' });
    await user.click(screen.getByRole('link', { name: 'The slow page' }));
    expect(heading()).not.toHaveFocus();
    act(() => screen.getByRole('button', { name: 'Arrive' }).click());
    await waitFor(() => expect(heading()).toHaveFocus());
    await waitFor(() => expect(screen.getByTestId('announcer')).toHaveTextContent('Request R-42 – Varco'));
  });

  it('still moves the focus once the page has loaded when the page replaced its address meanwhile', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Frame />, { route: '/list' });
    await user.click(screen.getByRole('link', { name: 'The slow page' }));
    act(() => screen.getByRole('button', { name: 'Put the step in the address' }).click());
    act(() => screen.getByRole('button', { name: 'Arrive' }).click());
    await waitFor(() => expect(heading()).toHaveFocus());
  });

  it('leaves the focus where the traveler put it while the page loaded', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Frame />, { route: '/list' });
    await user.click(screen.getByRole('link', { name: 'The slow page' }));
    const arrive = screen.getByRole('button', { name: 'Arrive' });
    arrive.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('The request')).toBeInTheDocument());
    expect(arrive).toHaveFocus();
  });

  it('announces the result a navigation carries before the new page’s title', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Frame />, { route: '/wizard' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByTestId('announcer')).toHaveTextContent('Request R-7 has been deleted. All requests – Varco'),
    );
  });

  it('moves the focus for a wizard’s next step, not for a filter that replaces the address', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Frame />, { route: '/wizard' });
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(heading()).toHaveFocus());
  });
});
