import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { VisaStatusLegend } from './visa-status-legend';

registerTranslations();

describe('VisaStatusLegend (docs/domain.md)', () => {
  it('explains every visa request state under its title', () => {
    renderWithProviders(<VisaStatusLegend />);
    const legend = screen.getByTestId('visa-legend');
    expect(within(legend).getByRole('heading', { name: 'Visa request statuses' })).toBeInTheDocument();
    // Which badge stands for each state is @varco/ui's (shared/ui/src/status-legend.test.tsx): here, this remote's words.
    // Pending waits for the exit point (or for the traveler's own analysis); blue is an analysis under way.
    const texts = within(legend)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain(
      'The request waits for the exit point: show its QR code there, at the kiosk or to the customs officer, or start the risk analysis yourself.',
    );
    expect(texts[1]).toContain('The risk analysis you started is running: its result appears in a moment.');
  });

  it('speaks Italian', () => {
    renderWithProviders(<VisaStatusLegend />, { language: 'it_IT' });
    const texts = within(screen.getByTestId('visa-legend'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain(
      "La richiesta attende il punto di uscita: mostra lì il suo QR code, al totem o al funzionario doganale, oppure avvia tu l'analisi dei rischi.",
    );
    expect(texts[1]).toContain("L'analisi dei rischi che hai avviato è in corso: il risultato arriva tra un momento.");
  });
});
