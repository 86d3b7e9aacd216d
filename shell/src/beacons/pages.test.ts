import { BEACON_PAGES } from '@varco/contracts/plain';
import { REMOTE_MOUNTS, remoteOf } from '@varco/federation-contract';
import { pageOf } from './pages';

describe('pageOf: the page of the report an address shows, and the app that draws it', () => {
  it.each([
    ['/', 'welcome'],
    ['/howto', 'howto'],
    ['/howto/', 'howto'],
    ['/protected', 'home'],
    ['/protected/', 'home'],
    ['/server-error', 'server-error'],
  ])('%s is the shell’s %s page', (pathname, page) => {
    expect(pageOf(pathname)).toEqual({ page, app: 'shell' });
  });

  it.each([
    ['/sign-up', 'sign-up', 'mfAuth'],
    ['/sign-up/activate', 'sign-up', 'mfAuth'],
    ['/sign-in', 'sign-in', 'mfAuth'],
    ['/sign-in/otp', 'sign-in', 'mfAuth'],
    ['/recover-password', 'recover-password', 'mfAuth'],
    ['/change-password/a1b2c3', 'change-password', 'mfAuth'],
    ['/protected/edit-user', 'edit-user', 'mfAuth'],
    ['/protected/invoice', 'invoices', 'mfInvoices'],
    ['/protected/invoice/12', 'invoices', 'mfInvoices'],
    ['/protected/visa/7/edit', 'visas', 'mfVisa'],
    ['/protected/notifications', 'notifications', 'mfNotifications'],
  ])('%s is %s, drawn by %s (no id of the address reaches the report)', (pathname, page, app) => {
    expect(pageOf(pathname)).toEqual({ page, app });
  });

  it('names a page of the closed list for every mount of a remote, drawn by that remote', () => {
    for (const mount of REMOTE_MOUNTS) {
      const found = pageOf(mount.path.replace(/\/\*$/, ''));
      expect(found?.app).toBe(remoteOf(mount.module));
      expect(BEACON_PAGES).toContain(found?.page);
    }
    const named = new Set(REMOTE_MOUNTS.map((mount) => pageOf(mount.path.replace(/\/\*$/, ''))?.page));
    expect(named.size).toBe(REMOTE_MOUNTS.length);
  });

  it('names no page for an address the portal sends elsewhere', () => {
    expect(pageOf('/nowhere')).toBeUndefined();
    expect(pageOf('/protected-area')).toBeUndefined();
    expect(pageOf('/sign-inside')).toBeUndefined();
  });
});
