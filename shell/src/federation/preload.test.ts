import { waitFor } from '@testing-library/react';
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { idlePrefetchPlugin } from './idle-prefetch';
import { i18n } from '@varco/i18n';
import { otherLanguagesLeftOut, preloadFirstScreen, preloadWhenIdle, whenFirstScreenDrawn } from './preload';

jest.mock('@module-federation/enhanced/runtime', () => ({ preloadRemote: jest.fn(async () => undefined) }));
jest.mock('./remote-component', () => ({ loadRemoteProviders: jest.fn(async () => ({})) }));

describe('preloadFirstScreen', () => {
  beforeEach(() => jest.mocked(preloadRemote).mockClear());

  it('starts the signed-in home’s widgets of each remote at once', async () => {
    preloadFirstScreen('/protected', true);
    await waitFor(() => expect(preloadRemote).toHaveBeenCalledTimes(1));
    expect(jest.mocked(preloadRemote).mock.calls[0]![0].map((args) => [args.nameOrAlias, args.exposes])).toEqual([
      ['mfVisa', ['LatestVisas', 'AddVisaButton']],
      ['mfInvoices', ['LatestInvoices']],
      ['mfNotifications', ['Bell']],
    ]);
  });

  it('starts the routes of the remote whose page it opens on, when its guard lets this visitor see it', async () => {
    preloadFirstScreen('/protected/visa/12', true);
    preloadFirstScreen('/sign-in', false);
    preloadFirstScreen('/sign-up/confirm', false);
    await waitFor(() => expect(preloadRemote).toHaveBeenCalledTimes(3));
    expect(
      jest.mocked(preloadRemote).mock.calls.map(([remotes]) => remotes.map((args) => [args.nameOrAlias, args.exposes])),
    ).toEqual([[['mfVisa', ['routes']]], [['mfAuth', ['routes']]], [['mfAuth', ['routes']]]]);
  });

  it('starts nothing for a visitor, nor on a page without widgets or remote, nor where the guard sends elsewhere', async () => {
    preloadFirstScreen('/protected', false);
    preloadFirstScreen('/', true);
    preloadFirstScreen('/howto', false);
    preloadFirstScreen('/protected/visa/12', false);
    preloadFirstScreen('/sign-in', true);
    preloadFirstScreen('/sign-inside', false);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(preloadRemote).not.toHaveBeenCalled();
  });
});

describe('preloadWhenIdle', () => {
  beforeEach(() => jest.mocked(preloadRemote).mockClear());

  it('fetches, when its time comes, the routes of these remotes with the chunks their pages load when opened, as prefetches', async () => {
    const plugin = idlePrefetchPlugin();
    const runtimeLink = () =>
      plugin.createLink?.({
        url: 'https://cdn.example/mf-visa/1.0.0/601.js',
        attrs: { rel: 'preload', as: 'script', crossorigin: 'anonymous' },
      });
    let later: () => void = () => undefined;
    preloadWhenIdle(['mfVisa', 'mfInvoices'], (callback) => {
      later = callback;
      return () => undefined;
    });
    // Until then the runtime's preloads are for the page shown, and keep their own link.
    expect(runtimeLink()).toBeUndefined();
    later();
    const link = runtimeLink() as HTMLLinkElement;
    expect([link.rel, link.href, link.getAttribute('as'), link.getAttribute('crossorigin')]).toEqual([
      'prefetch',
      'https://cdn.example/mf-visa/1.0.0/601.js',
      'script',
      'anonymous',
    ]);
    // A stylesheet the runtime inserts is not a preload: left as it is.
    expect(
      plugin.createLink?.({ url: 'https://cdn.example/mf-visa/1.0.0/601.css', attrs: { rel: 'stylesheet' } }),
    ).toBeUndefined();
    await waitFor(() => expect(preloadRemote).toHaveBeenCalledTimes(1));
    expect(
      jest
        .mocked(preloadRemote)
        .mock.calls[0]![0].map(({ nameOrAlias, exposes, resourceCategory }) => [
          nameOrAlias,
          exposes,
          resourceCategory,
        ]),
    ).toEqual([
      ['mfVisa', ['routes'], 'all'],
      ['mfInvoices', ['routes'], 'all'],
    ]);
  });
});

describe('whenFirstScreenDrawn', () => {
  afterEach(() => document.body.replaceChildren());

  it('waits until no loader is left in the page, then runs once', async () => {
    const loader = document.createElement('div');
    loader.className = 'varco-loader';
    document.body.append(loader);
    const callback = jest.fn();
    whenFirstScreenDrawn(callback);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(callback).not.toHaveBeenCalled();
    loader.remove();
    await waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
    document.body.append(document.createElement('p'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs at once on a page without loaders, and never once cancelled', async () => {
    const callback = jest.fn();
    whenFirstScreenDrawn(callback);
    await waitFor(() => expect(callback).toHaveBeenCalledTimes(1));
    const cancelled = jest.fn();
    whenFirstScreenDrawn(cancelled)();
    document.body.append(document.createElement('p'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('the texts a preload fetches', () => {
  it("are the page's language's only: a remote's texts in other languages are left out", async () => {
    await i18n.changeLanguage('fr');
    const remote = 'https://cdn.example/mf-visa/0.1.0';
    expect(otherLanguagesLeftOut(`${remote}/texts-fr-json.0a1b2c3d4e.js`)).toBe(true);
    expect(otherLanguagesLeftOut(`${remote}/texts-zh-Hans-json.0a1b2c3d4e.js`)).toBe(false);
    expect(otherLanguagesLeftOut(`${remote}/1234.0a1b2c3d4e.js`)).toBe(true);
    await i18n.changeLanguage('en_US');
    expect(otherLanguagesLeftOut(`${remote}/texts-fr-json.0a1b2c3d4e.js`)).toBe(false);
  });
});
