import { sessionStore } from '@varco/session';
import '../testing/test-config';
import { logout } from './logout';

const post = jest.fn();
jest.mock('../session/api-client', () => ({ apiClient: async () => ({ http: () => ({ post }) }) }));

beforeEach(() => {
  post.mockReset();
  sessionStore.getState().setUser({ numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' });
});

describe('logout', () => {
  it('signs out and has nothing more to open after a credentials session', async () => {
    post.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(logout()).resolves.toBeNull();
    expect(post).toHaveBeenCalledWith('v1/private/v1/traveler/logout');
    expect(sessionStore.getState().user).toEqual({});
  });

  it("returns the identity provider's logout page after a digital identity session", async () => {
    post.mockResolvedValue(
      new Response(null, { status: 204, headers: { location: 'https://idp.test/session/end?state=%2F' } }),
    );
    await expect(logout()).resolves.toBe('https://idp.test/session/end?state=%2F');
    expect(sessionStore.getState().user).toEqual({});
  });

  it('signs out locally even when the api cannot be reached', async () => {
    post.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(logout()).resolves.toBeNull();
    expect(sessionStore.getState().user).toEqual({});
  });
});
