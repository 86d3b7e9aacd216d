import 'bootstrap-italia/dist/css/bootstrap-italia.min.css';
import './fonts.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '@varco/i18n';
import { sessionStore } from '@varco/session';
import { App } from './app/app';
import { rootElement } from './app/root-element';
import { renderStartupFailure } from './app/startup-failure';
import { setRuntimeConfig } from './config/current-config';
import { loadRuntimeConfig } from './config/runtime-config';
import { preloadFirstScreen } from './federation/preload';
import { startFederation } from './federation/start-federation';
import { registerServiceWorkerAfterLoad } from './offline/service-worker-registration';
import { refreshSavedSession } from './session/refresh-session';

async function start(): Promise<void> {
  const element = rootElement();
  // The configuration is fetched while the translations load, not after (one round trip less on a slow connection).
  const configLoad = loadRuntimeConfig();
  configLoad.catch(() => undefined);
  await initI18n();
  try {
    const config = await configLoad;
    setRuntimeConfig(config);
    startFederation(config);
    preloadFirstScreen(window.location.pathname, Boolean(sessionStore.getState().user.numeroDocumento));
    void refreshSavedSession();
    createRoot(element).render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
    // Production builds only: a worker in development would serve stale builds to `webpack serve`.
    if (process.env.NODE_ENV === 'production') registerServiceWorkerAfterLoad();
  } catch (error) {
    console.error('[shell] start-up failed', error);
    renderStartupFailure(element);
  }
}

void start();
