import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@varco/i18n';
import { renderWithProviders } from '@varco/ui/testing';
import { LanguageSelector } from './language-selector';

const list = () => screen.getByRole('combobox', { name: 'Language' });

/** What a closed list does at an arrow key in Chromium: the key press, then a change to the next language. */
function arrowTo(select: HTMLElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowUp' });
  fireEvent.change(select, { target: { value } });
}

describe('the language selector', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en_US')));

  it('applies a language chosen from the list at once and announces it in that language', async () => {
    renderWithProviders(<LanguageSelector />, { language: 'en_US' });
    await userEvent.setup().selectOptions(list(), 'Italiano');
    await waitFor(() => expect(i18n.language).toBe('it_IT'));
    const announcer = await screen.findByTestId('language-announcer');
    await waitFor(() => expect(announcer).toHaveTextContent('La pagina è ora in Italiano'));
    expect(announcer).toHaveAttribute('lang', 'it');
  });

  it('only moves through the languages at the arrow keys, and applies the one shown at Enter, the focus kept', async () => {
    renderWithProviders(<LanguageSelector />, { language: 'en_US' });
    const select = list();
    select.focus();
    arrowTo(select, 'it_IT');
    expect(select).toHaveValue('it_IT');
    expect(i18n.language).toBe('en_US');
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(i18n.language).toBe('it_IT'));
    expect(select).toHaveFocus();
  });

  it('drops a language moved to and not confirmed when the focus leaves', () => {
    renderWithProviders(<LanguageSelector />, { language: 'en_US' });
    const select = list();
    arrowTo(select, 'it_IT');
    fireEvent.blur(select);
    expect(select).toHaveValue('en_US');
    expect(i18n.language).toBe('en_US');
  });

  it('tells how to confirm a choice with the keyboard', () => {
    renderWithProviders(<LanguageSelector />, { language: 'en_US' });
    expect(list()).toHaveAccessibleDescription('Move with the arrow keys, then press Enter');
  });
});
