import { screen, within } from '@testing-library/react';
import { badgesOfItems, renderWithProviders } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { InvoiceStatusLegend } from './invoice-status-legend';

registerTranslations();

describe('InvoiceStatusLegend (docs/domain.md)', () => {
  it('lists every invoice state with its badge colour', () => {
    renderWithProviders(<InvoiceStatusLegend />);
    const legend = screen.getByTestId('invoice-legend');
    expect(within(legend).getByRole('heading', { name: 'Invoice statuses' })).toBeInTheDocument();
    expect(badgesOfItems(legend)).toEqual([
      ['Available', 'blue'],
      ['Expired', 'gray'],
      ['In progress', 'orange'],
      ['Visa granted', 'green'],
      ['In completion', 'orange'],
      ['Customs check required', 'red'],
      ['Not selected by customs', 'red'],
      ['Visa denied', 'red'],
    ]);
  });

  it('speaks Italian', () => {
    renderWithProviders(<InvoiceStatusLegend />, { language: 'it_IT' });
    expect(screen.getByRole('heading', { name: 'Stati delle fatture' })).toBeInTheDocument();
    expect(screen.getByText('Vistata')).toBeInTheDocument();
  });
});
