import { followOtherTabs } from './other-tabs';
import { SESSION_STORAGE_KEY, sessionStore } from './store';

const MARIO = { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' };
const EMILY = { numeroDocumento: 'ZB7654321', nome: 'Emily', cognome: 'Clark' };

/** What another tab's store writes, and the event this tab gets for it. */
function otherTabWrites(user: object | null): void {
  const saved =
    user === null
      ? null
      : JSON.stringify({ state: { user, area: 'free', otpExpiration: null, visaCreationEnabled: true }, version: 1 });
  const oldValue = localStorage.getItem(SESSION_STORAGE_KEY);
  if (saved === null) localStorage.removeItem(SESSION_STORAGE_KEY);
  else localStorage.setItem(SESSION_STORAGE_KEY, saved);
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, oldValue, newValue: saved }));
}

describe('the session of the other tabs', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    sessionStore.getState().clearSession();
    stop = followOtherTabs();
  });
  afterEach(() => stop());

  it('signs this tab out when another signs out, or its session ends, or the storage is cleared', () => {
    sessionStore.getState().setUser(MARIO);
    otherTabWrites({});
    expect(sessionStore.getState().user).toEqual({});

    sessionStore.getState().setUser(MARIO);
    otherTabWrites(null);
    expect(sessionStore.getState().user).toEqual({});

    sessionStore.getState().setUser(MARIO);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(sessionStore.getState().user).toEqual({});
  });

  it("takes another tab's sign-in, and another traveler's in place of this tab's", async () => {
    otherTabWrites(MARIO);
    await Promise.resolve();
    expect(sessionStore.getState().user).toEqual(MARIO);
    otherTabWrites(EMILY);
    await Promise.resolve();
    expect(sessionStore.getState().user).toEqual(EMILY);
    // Taken, not written over: the other tab keeps its traveler.
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state.user).toEqual(EMILY);
  });

  it('ignores the rest: other keys, the same traveler, an unreadable value', () => {
    sessionStore.getState().setUser(MARIO);
    window.dispatchEvent(new StorageEvent('storage', { key: 'i18nextLng', newValue: 'it_IT' }));
    otherTabWrites({ ...MARIO, nome: 'Mario' });
    expect(sessionStore.getState().user).toEqual(MARIO);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: '{not json' }));
    expect(sessionStore.getState().user).toEqual({});
  });
});
