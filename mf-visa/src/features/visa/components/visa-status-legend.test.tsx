import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@varco/ui/testing';
import VisaStatusLegend from '../../../exposed/visa-status-legend';

describe('VisaStatusLegend (SPEC §4)', () => {
  it('lists every visa request state with its badge colour', () => {
    renderWithProviders(<VisaStatusLegend />);
    const legend = screen.getByTestId('visa-legend');
    expect(within(legend).getByRole('heading', { name: 'Visa request statuses' })).toBeInTheDocument();
    const badges = within(legend)
      .getAllByRole('listitem')
      .map((item) => [item.querySelector('.badge')?.textContent, item.querySelector('.badge')?.getAttribute('data-color')]);
    expect(badges).toEqual([
      ['In progress', 'orange'],
      ['Risk analysis', 'blue'],
      ['Expired', 'gray'],
      ['Customs check', 'red'],
      ['In completion', 'orange'],
      ['Completed', 'green'],
    ]);
  });
});
