import { dropOfflineCopy, keepOfflineCopy, offlineCopy, OFFLINE_COPY_STORAGE_KEY } from './offline-copy';
import { sessionStore } from './store';

const at = new Date('2026-03-01T09:30:00Z');

describe('offline copies of what a traveler saw', () => {
  beforeEach(() => localStorage.clear());

  it('gives back what was kept, with its time, to the same traveler only', () => {
    keepOfflineCopy('YA1234567', 'visa:7', { requestCode: 'RQ-7' }, at);
    expect(offlineCopy('YA1234567', 'visa:7')).toEqual({
      data: { requestCode: 'RQ-7' },
      savedAt: '2026-03-01T09:30:00.000Z',
    });
    expect(offlineCopy('ZZ7654321', 'visa:7')).toBeNull();
    expect(offlineCopy('', 'visa:7')).toBeNull();
    expect(offlineCopy('YA1234567', 'visa:8')).toBeNull();
  });

  it('starts afresh when another traveler keeps something on the same device', () => {
    keepOfflineCopy('YA1234567', 'visa:7', { requestCode: 'RQ-7' }, at);
    keepOfflineCopy('ZZ7654321', 'visa:9', { requestCode: 'RQ-9' }, at);
    expect(localStorage.getItem(OFFLINE_COPY_STORAGE_KEY)).not.toContain('RQ-7');
    expect(offlineCopy('ZZ7654321', 'visa:9')?.data).toEqual({ requestCode: 'RQ-9' });
  });

  it('keeps the ten most recent, the one seen again counting as new', () => {
    const ids = Array.from({ length: 10 }, (_, index) => index + 1);
    for (const id of ids) keepOfflineCopy('YA1234567', `visa:${id}`, id, at);
    keepOfflineCopy('YA1234567', 'visa:1', 1, at);
    keepOfflineCopy('YA1234567', 'visa:11', 11, at);
    expect([...ids, 11].filter((id) => offlineCopy('YA1234567', `visa:${id}`))).toEqual([
      1, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('drops one copy', () => {
    keepOfflineCopy('YA1234567', 'visa:7', 7, at);
    keepOfflineCopy('YA1234567', 'visa:8', 8, at);
    dropOfflineCopy('YA1234567', 'visa:7');
    expect(offlineCopy('YA1234567', 'visa:7')).toBeNull();
    expect(offlineCopy('YA1234567', 'visa:8')).not.toBeNull();
  });

  it('is forgotten when the session ends (logout, 401, 403)', () => {
    sessionStore.getState().setUser({ numeroDocumento: 'YA1234567' });
    keepOfflineCopy('YA1234567', 'visa:7', { qrCode: 'iVBOR' }, at);
    sessionStore.getState().clearSession();
    expect(localStorage.getItem(OFFLINE_COPY_STORAGE_KEY)).toBeNull();
    expect(offlineCopy('YA1234567', 'visa:7')).toBeNull();
  });
});
