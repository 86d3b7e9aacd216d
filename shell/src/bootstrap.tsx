import 'bootstrap-italia/dist/css/bootstrap-italia.min.css';
import './fonts.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '@varco/i18n';
import { App } from './app/app';
import { rootElement } from './app/root-element';
import { setRuntimeConfig } from './config/current-config';
import { loadRuntimeConfig } from './config/runtime-config';
import { startFederation } from './federation/start-federation';
import { refreshSavedSession } from './session/refresh-session';

/** A start-up failure the traveler can read, in their language, instead of a blank page. */
function renderStartupFailure(element: HTMLElement, error: unknown): void {
  console.error('[shell] start-up failed', error);
  const box = document.createElement('div');
  box.className = 'container py-5';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = i18n.t('serverError.title');
  const text = document.createElement('p');
  text.textContent = i18n.t('errors.config');
  box.append(title, text);
  element.replaceChildren(box);
}

async function start(): Promise<void> {
  const element = rootElement();
  await initI18n();
  try {
    const config = await loadRuntimeConfig();
    setRuntimeConfig(config);
    startFederation(config);
    void refreshSavedSession();
    createRoot(element).render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    );
  } catch (error) {
    renderStartupFailure(element, error);
  }
}

void start();
