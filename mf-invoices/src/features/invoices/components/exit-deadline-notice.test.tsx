import { screen } from '@testing-library/react';
import { dayFromToday, renderWithProviders } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { ExitDeadlineNotice } from './exit-deadline-notice';

registerTranslations();

const renderNotice = (daysLeft: number, language: 'en_US' | 'it_IT' = 'en_US', stateCode = 30) =>
  renderWithProviders(<ExitDeadlineNotice invoice={{ stateCode, exitDeadline: dayFromToday(daysLeft) }} />, {
    language,
  });

describe('ExitDeadlineNotice (days left to leave the EU)', () => {
  it.each([
    [30, '30 days left to leave the EU', false],
    [7, '7 days left to leave the EU', false],
    [6, 'Only 6 days left to leave the EU', true],
    [1, 'Only 1 day left to leave the EU', true],
    [0, 'Last day to leave the EU: today', true],
    [-1, 'Exit deadline passed', true],
    [-40, 'Exit deadline passed', true],
  ])('with %i days left says "%s" (warning: %s)', (daysLeft, text, warning) => {
    renderNotice(daysLeft);
    const notice = screen.getByTestId('exit-deadline');
    expect(notice).toHaveTextContent(text);
    expect(notice).toHaveAttribute('data-warning', String(warning));
    if (warning) expect(notice).toHaveClass('text-warning');
    else expect(notice).not.toHaveClass('text-warning');
  });

  it.each([
    [30, "Mancano 30 giorni per lasciare l'UE"],
    [6, "Mancano solo 6 giorni per lasciare l'UE"],
    [1, "Manca solo 1 giorno per lasciare l'UE"],
    [0, "Ultimo giorno per lasciare l'UE: oggi"],
    [-1, "Termine per lasciare l'UE scaduto"],
  ])('speaks Italian with %i days left', (daysLeft, text) => {
    renderNotice(daysLeft, 'it_IT');
    expect(screen.getByTestId('exit-deadline')).toHaveTextContent(text);
  });

  it.each([1, 30])('is shown for an invoice in state %i, available', (stateCode) => {
    renderNotice(10, 'en_US', stateCode);
    expect(screen.getByTestId('exit-deadline')).toBeInTheDocument();
  });

  it.each([90, 100, 40, 50, 10, 20])('says nothing for an invoice in state %i, no longer available', (stateCode) => {
    renderNotice(3, 'en_US', stateCode);
    expect(screen.queryByTestId('exit-deadline')).not.toBeInTheDocument();
  });
});
