import { screen, within } from '@testing-library/react';
import { RecordItem } from './record-item';
import { renderWithProviders } from './testing';

describe('RecordItem', () => {
  it('links its title to the detail, and shows what describes it, its amount and its badge', () => {
    renderWithProviders(
      <ul>
        <RecordItem name="thing" to="/protected/thing/7" title="Thing 7" amount="€12.00" badge={<span>New</span>}>
          <small>Made today</small>
        </RecordItem>
      </ul>,
    );
    const item = within(screen.getByTestId('thing-item'));
    expect(item.getByRole('link', { name: 'Thing 7' })).toHaveAttribute('href', '/protected/thing/7');
    expect(item.getByText('Made today')).toBeInTheDocument();
    expect(item.getByTestId('thing-amount')).toHaveTextContent('€12.00');
    expect(item.getByText('New')).toBeInTheDocument();
  });
});
