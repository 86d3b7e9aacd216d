import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { toShortLanguage } from '@varco/contracts/plain';
import { currentLanguage, initI18n } from '@varco/i18n';
import { followOtherTabs, sessionStore } from '@varco/session';
import { App } from './app/app';
import { loadProtectedHome } from './app/app-routes';
import { rootElement } from './app/root-element';
import { canHydrate, readServedPage } from './served-page/served-page';
import { renderStartupFailure } from './app/startup-failure';
import { startBeacons } from './beacons/start-beacons';
import { loadDesignSystem } from './lib/design-system';
import { followLanguageStyles } from './language-styles/follow';
import { loadStartupConfig } from './config/startup-config';
import { isSignedInHome } from './federation/first-screen';
import { preloadFirstScreen } from './federation/preload';
import { startFederation } from './federation/start-federation';
import { tellServiceWorkerThePage } from './offline/page-state';
import { registerServiceWorkerAfterLoad } from './offline/service-worker-registration';
import { refreshSavedSession } from './session/refresh-session';

async function start(): Promise<void> {
  const element = rootElement();
  void loadDesignSystem();
  const signedIn = Boolean(sessionStore.getState().user.numeroDocumento);
  // A sign-out in another tab signs this one out at once (a shared device).
  followOtherTabs();
  // The signed-in home's own code downloads with the translations, not once its route renders.
  if (signedIn && isSignedInHome(window.location.pathname)) void loadProtectedHome().catch(() => undefined);
  // The remotes are registered, and the first screen's remotes start loading, as soon as the configuration the entry
  // asked for is read, while the translations load: on a slow connection the first screen waits for neither one after
  // the other.
  const federationStart = loadStartupConfig().then((startup) => {
    startBeacons(startup);
    startFederation(startup.manifests);
    preloadFirstScreen(window.location.pathname, signedIn);
  });
  federationStart.catch(() => undefined);
  await initI18n();
  followLanguageStyles();
  try {
    await federationStart;
    void refreshSavedSession();
    // The HTML of the build is taken over when it is the page this address and language render; otherwise (a
    // language remembered in this browser only, a page without it) React renders the page anew in its place.
    const served = readServedPage(element);
    if (canHydrate(served, window.location.pathname, toShortLanguage(currentLanguage()))) {
      hydrateRoot(
        element,
        <StrictMode>
          <App served={served} />
        </StrictMode>,
      );
    } else {
      createRoot(element).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }
    // Production builds only: a worker in development would serve stale builds to `webpack serve`.
    if (process.env.NODE_ENV === 'production' && 'serviceWorker' in navigator) {
      registerServiceWorkerAfterLoad();
      tellServiceWorkerThePage();
    }
  } catch (error) {
    console.error('[shell] start-up failed', error);
    renderStartupFailure(element, error);
  }
}

void start();
