import { act, screen } from '@testing-library/react';
import { sessionStore } from '@varco/session';
import { renderWithProviders } from '@varco/ui/testing';
import AddVisaButton from '../../../exposed/add-visa-button';
import { signedIn } from '../../../testing/fixtures';

afterEach(() => sessionStore.getState().setVisaCreationEnabled(false));

describe('AddVisaButton (SPEC §4, §6)', () => {
  it('links to the first step of a new request while visa creation is enabled', () => {
    sessionStore.getState().setVisaCreationEnabled(true);
    renderWithProviders(<AddVisaButton />, { user: signedIn });
    expect(screen.getByRole('link', { name: 'Add new request' })).toHaveAttribute('href', '/protected/visa/create?step=1');
  });

  it('is not shown while it is disabled (a request is pending)', () => {
    sessionStore.getState().setVisaCreationEnabled(false);
    renderWithProviders(<AddVisaButton />, { user: signedIn });
    expect(screen.queryByTestId('add-visa-button')).not.toBeInTheDocument();
  });

  it('follows the flag as it changes', () => {
    renderWithProviders(<AddVisaButton />, { user: signedIn, language: 'it_IT' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    act(() => sessionStore.getState().setVisaCreationEnabled(true));
    expect(screen.getByRole('link', { name: 'Aggiungi nuova richiesta' })).toBeInTheDocument();
    act(() => sessionStore.getState().setVisaCreationEnabled(false));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
