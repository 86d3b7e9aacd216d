import { screen } from '@testing-library/react';
import { renderSection } from '../testing/render-section';

describe('mf-auth routes', () => {
  it.each([
    ['sign-in', '/sign-in', 'Sign in'],
    ['sign-up', '/sign-up', 'Registration'],
    ['recover-password', '/recover-password', 'Recover your password'],
  ] as const)('renders the first screen of %s', (section, route, title) => {
    renderSection(section, route);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  });

  it('sends unknown paths under a section to /', () => {
    renderSection('sign-in', '/sign-in/nowhere');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
