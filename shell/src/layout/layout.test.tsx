import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { sessionStore } from '@varco/session';
import { renderWithProviders } from '@varco/ui/testing';
import '../testing/test-config';
import { AlertBar } from './alert-bar';
import { Footer } from './footer';
import { Header } from './header';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async () => ({ default: () => <a href="/protected/notifications">bell widget</a> })),
}));

describe('Header', () => {
  it('shows the sign-in link and the public navigation when signed out, and no bell', () => {
    renderWithProviders(<Header />);
    expect(screen.getByTestId('sign-in-link')).toHaveTextContent('Sign in');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'How to']);
    expect(screen.queryByTestId('bell-slot')).not.toBeInTheDocument();
    expect(screen.getByText('Customs and Monopolies Agency')).toBeInTheDocument();
  });

  it('shows the initials, the bell and the signed-in navigation when signed in', async () => {
    renderWithProviders(<Header />, { user: { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' } });
    expect(await screen.findByTestId('avatar')).toHaveTextContent('MR');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'All invoices', 'All visa requests']);
    expect(await screen.findByText('bell widget')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-link')).not.toBeInTheDocument();
  });

  it('opens the avatar menu with Profile and Logout', async () => {
    renderWithProviders(<Header />, { user: { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' } });
    await userEvent.click(await screen.findByTestId('avatar'));
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/protected/edit-user');
    expect(await screen.findByText('bell widget')).toBeInTheDocument();
  });

  it('moves the focus into the avatar menu, and gives it back to the avatar on Escape', async () => {
    renderWithProviders(<Header />, { user: { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' } });
    const avatar = await screen.findByTestId('avatar');
    await userEvent.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveAttribute('id', avatar.getAttribute('aria-controls'));
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('menu')).not.toHaveClass('show');
    expect(avatar).toHaveFocus();
  });

  it('opens the ☰ menu on its first link and closes it with its close button, the focus back on ☰', async () => {
    renderWithProviders(<Header />);
    const toggler = screen.getByRole('button', { name: 'Open the menu' });
    await userEvent.click(toggler);
    expect(toggler).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Close the menu' }));
    expect(toggler).toHaveAttribute('aria-expanded', 'false');
    expect(toggler).toHaveFocus();
  });

  it('speaks Italian when Italian is chosen', async () => {
    renderWithProviders(<Header />, { language: 'it_IT' });
    expect(screen.getByTestId('sign-in-link')).toHaveTextContent('Accedi');
    await userEvent.selectOptions(screen.getByLabelText('Lingua'), 'en_US');
    expect(screen.getByTestId('sign-in-link')).toHaveTextContent('Sign in');
  });
});

describe('AlertBar', () => {
  afterEach(() => jest.useRealTimers());

  it('shows the generic network text for a network error and hides after 3 seconds', () => {
    jest.useFakeTimers();
    renderWithProviders(<AlertBar />);
    act(() => sessionStore.getState().setError({ status: -1000, detail: '', extra: {}, type: 'network-error' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A network error occurred');
    act(() => jest.advanceTimersByTime(2_900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the detail of the current error', () => {
    renderWithProviders(<AlertBar />);
    act(() =>
      sessionStore
        .getState()
        .setError({ status: 409, detail: 'Invoice already in a request', extra: {}, type: 'http-error' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invoice already in a request');
  });
});

describe('Footer', () => {
  it('opens its four links in a new tab, with the addresses of the current language', () => {
    renderWithProviders(<Footer />, { language: 'it_IT' });
    const links = within(screen.getByTestId('footer')).getAllByRole('link');
    expect(links).toHaveLength(4);
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('footer-assistance')).toHaveAttribute('href', 'https://help.test/tax-free');
    expect(screen.getByTestId('footer-privacy')).toHaveAttribute('href', 'https://agency.test/it/privacy');
    expect(screen.getByRole('img')).toHaveAttribute('width', '175');
  });

  it('uses the English addresses in English, and the same assistance address', () => {
    renderWithProviders(<Footer />, { language: 'en_US' });
    expect(screen.getByTestId('footer-accessibility')).toHaveAttribute('href', 'https://agency.test/en/accessibility');
    expect(screen.getByTestId('footer-contacts')).toHaveAttribute('href', 'https://agency.test/en/contacts');
    expect(screen.getByTestId('footer-assistance')).toHaveAttribute('href', 'https://help.test/tax-free');
  });
});

describe('routes', () => {
  it('mounts the header inside a router without errors for any address', () => {
    renderWithProviders(
      <Routes>
        <Route path="*" element={<Header />} />
      </Routes>,
      { route: '/somewhere' },
    );
    expect(screen.getByTestId('header')).toBeInTheDocument();
  });
});
