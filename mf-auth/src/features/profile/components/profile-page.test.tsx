import { screen } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const signedIn = { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' };

beforeEach(() => requestJsonMock.mockReset());

describe('profile (SPEC §2 /protected/edit-user)', () => {
  it('shows the traveler read-only', async () => {
    requestJsonMock.mockResolvedValue({
      nome: 'Mario',
      cognome: 'Rossi',
      dataNascita: '1980-05-17',
      email: 'mario.rossi@example.org',
      paeseResidenzaCodice: 'US',
      zonaResidenzaCodice: '',
      tipoDocumentoCodice: 'PASSPORT',
      paeseDocumentoCodice: 'US',
      numeroDocumento: 'YA1234567',
      privacy: true,
      visaCreationEnabled: true,
    });
    renderSection('edit-user', '/protected/edit-user', { user: signedIn });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Profile');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Mario');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('May 17, 1980');
    expect(screen.getByLabelText('Document number')).toHaveValue('YA1234567');
    expect(screen.queryByLabelText('Zone of residence')).not.toBeInTheDocument();
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/traveler/user-info', expect.anything());
  });

  it('shows the generic error when the profile cannot be loaded', async () => {
    requestJsonMock.mockRejectedValue({ status: 404, detail: 'Not Found', extra: {}, type: 'http-error' });
    renderSection('edit-user', '/protected/edit-user', { user: signedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});
