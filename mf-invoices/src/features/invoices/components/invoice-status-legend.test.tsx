import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { InvoiceStatusLegend } from './invoice-status-legend';

registerTranslations();

describe('InvoiceStatusLegend (docs/domain.md)', () => {
  it('explains every invoice state under its title', () => {
    renderWithProviders(<InvoiceStatusLegend />);
    const legend = screen.getByTestId('invoice-legend');
    expect(within(legend).getByRole('heading', { name: 'Invoice statuses' })).toBeInTheDocument();
    // Which badge stands for each state is @varco/ui's (shared/ui/src/status-legend.test.tsx): here, this remote's words.
    const expired = within(legend).getByText('Expired').closest('li');
    expect(expired).toHaveTextContent(
      'The exit deadline has passed: the invoice can no longer be put in a visa request.',
    );
  });

  it('speaks Italian', () => {
    renderWithProviders(<InvoiceStatusLegend />, { language: 'it_IT' });
    expect(screen.getByRole('heading', { name: 'Stati delle fatture' })).toBeInTheDocument();
    expect(screen.getByText('Vistata')).toBeInTheDocument();
  });
});
