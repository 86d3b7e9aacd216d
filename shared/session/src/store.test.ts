import { personalStorageKey } from './personal-storage';
import { DEFAULT_AREA, initialsOf, isSignedIn, sessionStore } from './store';

describe('session store', () => {
  beforeEach(() => sessionStore.getState().clearSession());

  it('is signed in exactly when the user has a document number', () => {
    expect(isSignedIn({})).toBe(false);
    expect(isSignedIn({ nome: 'Mario' })).toBe(false);
    expect(isSignedIn({ numeroDocumento: 'YA1234567' })).toBe(true);
  });

  it('clears the user, the OTP and the loading flag on clearSession', () => {
    const state = sessionStore.getState();
    state.setUser({ numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' });
    state.setOtp('123456', '2026-01-01T00:00:00Z');
    state.setArea('airside');
    state.setLoading(true);
    sessionStore.getState().clearSession();
    expect(sessionStore.getState()).toMatchObject({
      user: {},
      otp: null,
      otpExpiration: null,
      area: DEFAULT_AREA,
      loading: false,
    });
  });

  it("forgets every app's personal data in local storage on clearSession, and nothing else", () => {
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567' });
    localStorage.setItem(personalStorageKey('visa-draft'), '{"travel":{"travelDocNumber":"YA1234567"}}');
    localStorage.setItem(personalStorageKey('another'), '1');
    localStorage.setItem('i18nextLng', 'it_IT');
    sessionStore.getState().clearSession();
    expect(localStorage.getItem(personalStorageKey('visa-draft'))).toBeNull();
    expect(localStorage.getItem(personalStorageKey('another'))).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('it_IT');
  });

  it('keeps the user across a reload, but not the loading and error flags', () => {
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' });
    sessionStore.getState().setLoading(true);
    const saved = JSON.parse(localStorage.getItem('varco-session') ?? '{}');
    expect(saved.state.user.numeroDocumento).toBe('YA1234567');
    expect(saved.state.loading).toBeUndefined();
  });

  it('never saves the OTP, only its expiry', () => {
    sessionStore.getState().setOtp('493817', '2026-01-01T00:05:00Z');
    expect(sessionStore.getState().otp).toBe('493817');
    const saved = localStorage.getItem('varco-session') ?? '';
    expect(saved).not.toContain('493817');
    expect(JSON.parse(saved).state).toEqual({
      user: {},
      area: DEFAULT_AREA,
      otpExpiration: '2026-01-01T00:05:00Z',
      visaCreationEnabled: false,
      homeCounts: null,
    });
  });

  it('signs the traveler in from user-info and forgets everything of the OTP step', () => {
    sessionStore.getState().setOtp('493817', '2026-01-01T00:05:00Z');
    sessionStore.getState().signIn({
      numeroDocumento: 'YA1234567',
      nome: 'Mario',
      cognome: 'Rossi',
      visaCreationEnabled: true,
      homeInvoiceCount: 4,
      homeAvailableInvoiceCount: 1,
      homeVisaRequestCount: 1,
    });
    const homeCounts = { invoices: 4, availableInvoices: 1, visaRequests: 1 };
    expect(sessionStore.getState()).toMatchObject({
      user: { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' },
      visaCreationEnabled: true,
      homeCounts,
      otp: null,
      otpExpiration: null,
    });
    expect(JSON.parse(localStorage.getItem('varco-session') ?? '{}').state).toEqual({
      user: { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' },
      area: DEFAULT_AREA,
      otpExpiration: null,
      visaCreationEnabled: true,
      homeCounts,
    });
  });

  it("keeps the home's counts across a reload until sign-out, and none from an answer without them", () => {
    sessionStore.getState().signIn({
      numeroDocumento: 'YA1234567',
      nome: 'Mario',
      cognome: 'Rossi',
      visaCreationEnabled: true,
      homeInvoiceCount: 0,
      homeAvailableInvoiceCount: 0,
      homeVisaRequestCount: 2,
    });
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./store') as typeof import('./store');
      expect(fresh.sessionStore.getState().homeCounts).toEqual({ invoices: 0, availableInvoices: 0, visaRequests: 2 });
    });
    // The answer of the registration's completion has no counts: the home's default sizes, not the last traveler's.
    sessionStore
      .getState()
      .signIn({ numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi', visaCreationEnabled: true });
    expect(sessionStore.getState().homeCounts).toBeNull();
    sessionStore.getState().signIn({
      numeroDocumento: 'YA1234567',
      nome: 'Mario',
      cognome: 'Rossi',
      visaCreationEnabled: true,
      homeInvoiceCount: 3,
      homeVisaRequestCount: 3,
    });
    sessionStore.getState().clearSession();
    expect(sessionStore.getState().homeCounts).toBeNull();
    expect(JSON.parse(localStorage.getItem('varco-session') ?? '{}').state.homeCounts).toBeNull();
  });

  it('does not believe saved counts that are not counts', () => {
    localStorage.setItem(
      'varco-session',
      JSON.stringify({
        state: {
          user: { numeroDocumento: 'X9' },
          area: 'free',
          homeCounts: { invoices: -1, availableInvoices: 0, visaRequests: 'many' },
        },
        version: 1,
      }),
    );
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./store') as typeof import('./store');
      expect(fresh.sessionStore.getState()).toMatchObject({ user: { numeroDocumento: 'X9' }, homeCounts: null });
    });
  });

  it('drops an OTP that an older version saved, from memory and from the storage', () => {
    localStorage.setItem(
      'varco-session',
      JSON.stringify({
        state: {
          user: { numeroDocumento: 'X9', nome: 'Ada', cognome: 'Byron' },
          otp: '493817',
          otpExpiration: null,
          area: 'free',
        },
        version: 0,
      }),
    );
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./store') as typeof import('./store');
      expect(fresh.sessionStore.getState()).toMatchObject({
        hydrated: true,
        user: { numeroDocumento: 'X9' },
        otp: null,
      });
    });
    expect(localStorage.getItem('varco-session')).not.toContain('493817');
  });

  it('reads the saved session back when the page starts, and then says it is hydrated', () => {
    localStorage.setItem(
      'varco-session',
      JSON.stringify({
        state: { user: { numeroDocumento: 'X9', nome: 'Ada', cognome: 'Byron' }, area: 'free' },
        version: 0,
      }),
    );
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./store') as typeof import('./store');
      expect(fresh.sessionStore.getState()).toMatchObject({ hydrated: true, user: { numeroDocumento: 'X9' } });
    });
  });

  it('makes initials from first and last name', () => {
    expect(initialsOf({ nome: 'mario', cognome: 'rossi' })).toBe('MR');
    expect(initialsOf({ nome: 'Anna' })).toBe('A');
  });
});
