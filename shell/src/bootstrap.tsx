import 'bootstrap-italia/dist/css/bootstrap-italia.min.css';
import './fonts.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@varco/i18n';
import { followOtherTabs, sessionStore } from '@varco/session';
import { App } from './app/app';
import { loadProtectedHome } from './app/app-routes';
import { rootElement } from './app/root-element';
import { renderStartupFailure } from './app/startup-failure';
import { loadDesignSystem } from './design-system';
import { loadStartupConfig } from './config/startup-config';
import { isSignedInHome } from './federation/first-screen';
import { preloadFirstScreen } from './federation/preload';
import { startFederation } from './federation/start-federation';
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
  const federationStart = loadStartupConfig().then(({ manifests }) => {
    startFederation(manifests);
    preloadFirstScreen(window.location.pathname, signedIn);
  });
  federationStart.catch(() => undefined);
  await initI18n();
  try {
    await federationStart;
    void refreshSavedSession();
    createRoot(element).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    // Production builds only: a worker in development would serve stale builds to `webpack serve`.
    if (process.env.NODE_ENV === 'production') registerServiceWorkerAfterLoad();
  } catch (error) {
    console.error('[shell] start-up failed', error);
    renderStartupFailure(element, error);
  }
}

void start();
