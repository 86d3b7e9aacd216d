import { screen } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { notFound, renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { aVisa } from '../../../testing/fixtures';
import { LatestVisas } from './latest-visas';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

registerTranslations();

beforeEach(() => requestJsonMock.mockReset());

describe('LatestVisas (home widget)', () => {
  it('asks for the latest 4 requests and shows them with their status', async () => {
    requestJsonMock.mockResolvedValue({
      requests: [
        aVisa({ idRichiesta: 1, stateCode: 1 }),
        aVisa({ idRichiesta: 2, stateCode: 1, visaToBeAnalysed: true }),
        aVisa({ idRichiesta: 3, stateCode: 10 }),
        aVisa({ idRichiesta: 4, stateCode: 50 }),
      ],
      links: { totalItems: 12 },
    });
    renderWithProviders(<LatestVisas />, { user: TEST_TRAVELER });
    expect(await screen.findAllByTestId('visa-item')).toHaveLength(4);
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/visa/list', expect.anything(), {
      searchParams: { page: 0, limit: 4, language: 'EN' },
    });
    expect(screen.getByText('In progress')).toHaveAttribute('data-color', 'orange');
    expect(screen.getByText('Risk analysis')).toHaveAttribute('data-color', 'blue');
    expect(screen.getByText('Expired')).toHaveAttribute('data-color', 'gray');
    expect(screen.getByText('In completion')).toHaveAttribute('data-color', 'orange');
  });

  it('shows the empty state when there is no request', async () => {
    requestJsonMock.mockResolvedValue({ requests: [], links: { totalItems: 0 } });
    renderWithProviders(<LatestVisas />, { user: TEST_TRAVELER });
    expect(await screen.findByTestId('empty-visas')).toHaveTextContent('No visas found');
  });

  it('shows a load failure, not a blank, when the call fails', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderWithProviders(<LatestVisas />, { user: TEST_TRAVELER });
    expect(await screen.findByRole('alert')).toHaveTextContent('The latest visa requests could not be loaded.');
  });
});
