import { screen, within } from '@testing-library/react';
import { badgesOfItems, renderWithProviders } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { VisaStatusLegend } from './visa-status-legend';

registerTranslations();

describe('VisaStatusLegend (docs/domain.md)', () => {
  it('lists every visa request state with its badge colour', () => {
    renderWithProviders(<VisaStatusLegend />);
    const legend = screen.getByTestId('visa-legend');
    expect(within(legend).getByRole('heading', { name: 'Visa request statuses' })).toBeInTheDocument();
    expect(badgesOfItems(legend)).toEqual([
      ['In progress', 'orange'],
      ['Risk analysis', 'blue'],
      ['Expired', 'gray'],
      ['Customs check', 'red'],
      ['In completion', 'orange'],
      ['Completed', 'green'],
    ]);
    // Pending waits for the exit point (or for the traveler's own analysis); blue is an analysis under way.
    const texts = within(legend)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain('The request waits for the exit point: show its QR code there, at the kiosk or to the customs officer, or start the risk analysis yourself.');
    expect(texts[1]).toContain('The risk analysis you started is running: its result appears in a moment.');
  });

  it('speaks Italian', () => {
    renderWithProviders(<VisaStatusLegend />, { language: 'it_IT' });
    const texts = within(screen.getByTestId('visa-legend'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts[0]).toContain("La richiesta attende il punto di uscita: mostra lì il suo QR code, al totem o al funzionario doganale, oppure avvia tu l'analisi dei rischi.");
    expect(texts[1]).toContain("L'analisi dei rischi che hai avviato è in corso: il risultato arriva tra un momento.");
  });
});
