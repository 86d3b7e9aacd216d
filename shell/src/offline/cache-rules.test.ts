import { API_PATH, isImmutableFile, isReleasedRemoteEntry, isRemoteReleaseFile, isRuntimeConfig } from './cache-rules';

const portal = 'https://www.varco.example';
const url = (address: string) => new URL(address, portal);

describe('what the service worker keeps', () => {
  it('revalidates the runtime configuration of the portal, not a file of that name elsewhere', () => {
    expect(isRuntimeConfig(url('/config.json'), portal)).toBe(true);
    expect(isRuntimeConfig(url('https://cdn.varco.example/config.json'), portal)).toBe(false);
  });

  it('revalidates every remote’s manifest, whatever its version folder, and an entry outside a release folder', () => {
    expect(isRemoteReleaseFile(url('https://cdn.varco.example/mf-visa/0.2.0/mf-manifest.json'))).toBe(true);
    expect(isRemoteReleaseFile(url('https://cdn.varco.example/mf-visa/remoteEntry.js'))).toBe(true);
    expect(isRemoteReleaseFile(url('http://localhost:3003/remoteEntry.js'))).toBe(true);
    expect(isRemoteReleaseFile(url('https://cdn.varco.example/mf-visa/0.2.0/remoteEntry.js'))).toBe(false);
    expect(isRemoteReleaseFile(url('https://cdn.varco.example/mf-visa/0.2.0/routes.0123456789.js'))).toBe(false);
  });

  it('keeps a remote’s entry in its release folder as an immutable file', () => {
    expect(isReleasedRemoteEntry(url('https://cdn.varco.example/mf-visa/0.2.0/remoteEntry.js'))).toBe(true);
    expect(isReleasedRemoteEntry(url('https://cdn.varco.example/mf-visa/1.0.0-rc.1/remoteEntry.js'))).toBe(true);
    expect(isReleasedRemoteEntry(url('https://cdn.varco.example/mf-visa/0.2.0/remoteEntry.js?v=2'))).toBe(false);
    expect(isReleasedRemoteEntry(url('https://cdn.varco.example/mf-visa/0.2.0/mf-manifest.json'))).toBe(false);
    expect(isReleasedRemoteEntry(url('http://localhost:3003/remoteEntry.js'))).toBe(false);
  });

  it('keeps content-hashed chunks, styles and fonts of any CDN origin for good', () => {
    expect(
      isImmutableFile(url('https://cdn.varco.example/mf-visa/0.2.0/__federation_expose_routes.a1b2c3d4e5.js'), portal),
    ).toBe(true);
    expect(isImmutableFile(url('/306.8b269faab5.css'), portal)).toBe(true);
    expect(isImmutableFile(url('/assets/titillium-web-latin-400-normal.0123456789.woff2'), portal)).toBe(true);
    expect(isImmutableFile(url('/main.js'), portal)).toBe(false);
    expect(isImmutableFile(url('https://cdn.varco.example/mf-visa/0.2.0/remoteEntry.js'), portal)).toBe(false);
  });

  it('never keeps an api call', () => {
    expect(isImmutableFile(url('/api/v1/private/visa/7/download.0123456789.pdf'), portal)).toBe(false);
    expect(isImmutableFile(url('/x.0123456789.js?v=1'), portal)).toBe(false);
    expect(API_PATH.test('/api/v1/private/visa/7')).toBe(true);
    expect(API_PATH.test('/apiary')).toBe(false);
  });
});
