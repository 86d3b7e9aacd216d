import { screen } from '@testing-library/react';
import { DevPages } from './dev-pages';
import { renderWithProviders } from './testing';

const pages = {
  mounts: [
    { path: '/protected/visa/*', element: <p>visa routes</p> },
    { path: '/sign-in/*', element: <p>sign-in routes</p> },
  ],
  widgets: [<p key="latest">latest</p>, <p key="legend">legend</p>],
  header: <p>bell</p>,
};

describe('DevPages (a remote run alone)', () => {
  it('shows a routes module under the path where the shell mounts it, below the header', () => {
    renderWithProviders(<DevPages {...pages} />, { route: '/protected/visa/12' });
    expect(screen.getByText('visa routes')).toBeInTheDocument();
    expect(screen.getByText('bell')).toBeInTheDocument();
    expect(screen.queryByText('sign-in routes')).not.toBeInTheDocument();
    expect(screen.queryByText('latest')).not.toBeInTheDocument();
  });

  it('shows links to every mount and the widgets side by side at any other address', () => {
    renderWithProviders(<DevPages {...pages} />, { route: '/protected' });
    expect(screen.getByRole('link', { name: '/protected/visa' })).toHaveAttribute('href', '/protected/visa');
    expect(screen.getByRole('link', { name: '/sign-in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByText('latest').parentElement).toHaveClass('col-lg-6');
    expect(screen.getByText('legend').parentElement).toHaveClass('col-lg-6');
    expect(screen.queryByText('visa routes')).not.toBeInTheDocument();
  });
});
