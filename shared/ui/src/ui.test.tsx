import { screen } from '@testing-library/react';
import { EmptyState } from './empty-state';
import { InvoiceStatusBadge, VisaStatusBadge } from './status-badge';
import { renderWithProviders } from './testing';

describe('status badges (docs/domain.md)', () => {
  it.each([
    [1, false, 'Available', 'blue'],
    [30, false, 'Available', 'blue'],
    [90, false, 'In progress', 'orange'],
    [100, false, 'Visa granted', 'green'],
    [100, true, 'In completion', 'orange'],
    [40, false, 'Customs check required', 'red'],
    [50, false, 'Not selected by customs', 'red'],
    [10, false, 'Visa denied', 'red'],
    [20, false, 'Visa denied', 'red'],
    [7, false, 'Status 7', 'orange'],
  ])('invoice state %i (in completion %s) reads "%s" in %s', (code, inCompletion, label, color) => {
    renderWithProviders(<InvoiceStatusBadge stateCode={code} inCompletion={inCompletion} />);
    expect(screen.getByText(label)).toHaveAttribute('data-color', color);
  });

  it('reads "Expired" in gray for an available invoice past its exit deadline, and only for an available one', () => {
    renderWithProviders(
      <>
        <InvoiceStatusBadge stateCode={30} exitDeadlinePassed />
        <InvoiceStatusBadge stateCode={100} exitDeadlinePassed />
      </>,
    );
    expect(screen.getByText('Expired')).toHaveAttribute('data-color', 'gray');
    expect(screen.getByText('Visa granted')).toHaveAttribute('data-color', 'green');
    expect(screen.queryByText('Available')).not.toBeInTheDocument();
  });

  it('names visa states in Italian', () => {
    renderWithProviders(
      <>
        <VisaStatusBadge stateCode={1} />
        <VisaStatusBadge stateCode={10} />
        <VisaStatusBadge stateCode={100} />
      </>,
      { language: 'it_IT' },
    );
    expect(screen.getByText('In lavorazione')).toHaveAttribute('data-color', 'orange');
    expect(screen.getByText('Scaduta')).toHaveAttribute('data-color', 'gray');
    expect(screen.getByText('Completata')).toHaveAttribute('data-color', 'green');
  });
});

describe('empty states (docs/screens.md)', () => {
  it.each([
    ['invoices', 'No invoices found'],
    ['visas', 'No visas found'],
    ['notifications', 'No notifications found'],
    ['results', 'No results available'],
  ] as const)('%s', (kind, text) => {
    renderWithProviders(<EmptyState kind={kind} />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });
});
