import { sessionStore } from '@varco/session';
import '../testing/test-config';
import { refreshSavedSession } from './refresh-session';

const requestJson = jest.fn();
jest.mock('./api-client', () => ({ apiClient: async () => ({ requestJson }) }));

const userInfo = {
  nome: 'Maria',
  cognome: 'Rossi',
  dataNascita: '1990-01-01',
  email: 'maria@example.com',
  paeseResidenzaCodice: 'US',
  zonaResidenzaCodice: '',
  tipoDocumentoCodice: 'PASSAPORTO',
  paeseDocumentoCodice: 'US',
  numeroDocumento: 'YA1234567',
  privacy: true,
  visaCreationEnabled: true,
};

beforeEach(() => {
  requestJson.mockReset();
  sessionStore.getState().clearSession();
});

describe('refreshSavedSession', () => {
  it('asks nothing when nobody is signed in', async () => {
    await refreshSavedSession();
    expect(requestJson).not.toHaveBeenCalled();
  });

  it('refreshes the user and the visa-creation flag of a saved session', async () => {
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567', nome: 'M', cognome: 'R' });
    requestJson.mockResolvedValue(userInfo);
    await refreshSavedSession();
    expect(requestJson).toHaveBeenCalledWith('v1/private/traveler/user-info', expect.anything());
    expect(sessionStore.getState()).toMatchObject({
      user: { nome: 'Maria', cognome: 'Rossi' },
      visaCreationEnabled: true,
    });
  });

  it('keeps the saved session when the api cannot be reached', async () => {
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567', nome: 'M', cognome: 'R' });
    requestJson.mockRejectedValue({ status: -1000, detail: '', extra: {}, type: 'network-error' });
    await refreshSavedSession();
    expect(sessionStore.getState().user.numeroDocumento).toBe('YA1234567');
  });
});
