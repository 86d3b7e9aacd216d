import { sessionStore } from '@varco/session';
import { createQueryClient } from './query-client';

const signedIn = (numeroDocumento: string) => sessionStore.getState().setUser({ numeroDocumento });

describe('the query client', () => {
  afterEach(() => sessionStore.getState().clearSession());

  it("never gives one traveler's answers to the next one of the same page", () => {
    const client = createQueryClient();
    signedIn('YA1234567');
    client.setQueryData(['visa', 'latest', 4, 'en_US'], { requests: ['VR-2026-DEMO0001'] });
    // Another page of the same traveler keeps them.
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567', nome: 'Mario' });
    expect(client.getQueryData(['visa', 'latest', 4, 'en_US'])).toEqual({ requests: ['VR-2026-DEMO0001'] });

    sessionStore.getState().clearSession();
    expect(client.getQueryData(['visa', 'latest', 4, 'en_US'])).toBeUndefined();

    client.setQueryData(['visa', 'latest', 4, 'en_US'], { requests: ['VR-2026-DEMO0001'] });
    signedIn('ZB7654321');
    expect(client.getQueryData(['visa', 'latest', 4, 'en_US'])).toBeUndefined();
  });
});
