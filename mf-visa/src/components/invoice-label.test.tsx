import { screen } from '@testing-library/react';
import { renderWithProviders } from '@varco/ui/testing';
import { registerTranslations } from '../i18n/namespace';
import { InvoiceLabel } from './invoice-label';

beforeAll(registerTranslations);

describe('an invoice’s label', () => {
  it('right to left: the number and the vendor isolated', async () => {
    renderWithProviders(
      <p data-testid="label">
        <InvoiceLabel number="FT-41" vendor="Boutique Roma S.r.l." />
      </p>,
      { language: 'ar' },
    );
    const label = await screen.findByTestId('label');
    const isolated = [...label.querySelectorAll('[dir="auto"]')].map((value) => value.textContent);
    expect(isolated).toEqual(['FT-41', 'Boutique Roma S.r.l.']);
  });

  it('left to right: the plain text', () => {
    renderWithProviders(
      <p data-testid="label">
        <InvoiceLabel number="FT-41" vendor="Boutique Roma S.r.l." />
      </p>,
    );
    const label = screen.getByTestId('label');
    expect(label.innerHTML).toBe('Invoice FT-41, Boutique Roma S.r.l.');
  });
});
