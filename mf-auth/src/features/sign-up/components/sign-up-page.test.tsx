import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSection } from '../../../testing/render-section';

describe('registration form (SPEC §2, §5)', () => {
  it('shows the password rules and the disclaimer', () => {
    renderSection('sign-up', '/sign-up');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Registration');
    expect(screen.getByTestId('password-rules')).toHaveTextContent('at least 8 characters');
    expect(screen.getByTestId('disclaimer')).not.toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Abort' })).toHaveAttribute('href', '/');
  });

  it('checks name, surname and e-mail on blur', async () => {
    const user = userEvent.setup();
    renderSection('sign-up', '/sign-up');
    await user.type(screen.getByLabelText(/^Name/), 'A');
    await user.click(screen.getByLabelText(/^Surname/));
    await user.tab();
    await user.type(screen.getByLabelText(/^E-mail/), 'not-an-email');
    await user.tab();
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Enter at least 2 characters');
    expect(screen.getByLabelText(/^Surname/)).toHaveAccessibleDescription('This field cannot be empty');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription('Enter a valid e-mail address');
  });
});
