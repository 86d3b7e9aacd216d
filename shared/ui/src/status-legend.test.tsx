import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { InvoiceLegend, VisaLegend } from './status-legend';
import { badgesOfItems, renderWithProviders } from './testing';

// Each state's text is the letter of its place: the remote gives the texts, the legend puts each by its badge.
const invoiceTexts = { title: 'Title', available: 'a', expired: 'b', inProgress: 'c', granted: 'd', inCompletion: 'e' };
const visaTexts = { title: 'Title', pending: 'a', riskAnalysis: 'b', expired: 'c', customsCheck: 'd' };

describe('status legends (docs/domain.md)', () => {
  it.each<[string, ReactElement, Array<[string, string]>]>([
    [
      'invoice',
      <InvoiceLegend key="invoice" texts={{ ...invoiceTexts, customsCheck: 'f', notSelected: 'g', denied: 'h' }} />,
      [
        ['Available', 'blue'],
        ['Expired', 'gray'],
        ['In progress', 'orange'],
        ['Visa granted', 'green'],
        ['In completion', 'orange'],
        ['Customs check required', 'red'],
        ['Not selected by customs', 'red'],
        ['Visa denied', 'red'],
      ],
    ],
    [
      'visa',
      <VisaLegend key="visa" texts={{ ...visaTexts, inCompletion: 'e', completed: 'f' }} />,
      [
        ['In progress', 'orange'],
        ['Risk analysis', 'blue'],
        ['Expired', 'gray'],
        ['Customs check', 'red'],
        ['In completion', 'orange'],
        ['Completed', 'green'],
      ],
    ],
  ])('the %s legend lists every state with its badge colour and the text it is given', (name, legend, badges) => {
    renderWithProviders(legend);
    const section = screen.getByTestId(`${name}-legend`);
    expect(within(section).getByRole('heading', { name: 'Title' })).toBeInTheDocument();
    expect(badgesOfItems(section)).toEqual(badges);
    const texts = within(section)
      .getAllByRole('listitem')
      .map((item) => item.lastElementChild?.textContent);
    expect(texts).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].slice(0, badges.length));
  });
});
