import { toShortLanguage } from '@varco/contracts/plain';
import { i18n } from '@varco/i18n';
import { isSignedIn, sessionStore } from '@varco/session';
import { PAGE_STATE, type PageStateMessage } from './messages';

/**
 * Tells the worker that controls the page, now and whenever they change, the language and whether a traveler is
 * signed in: it serves the next visit the page of the build that the CDN would choose (service-worker.ts).
 */
export function tellServiceWorkerThePage(container: ServiceWorkerContainer = navigator.serviceWorker): void {
  const tell = () => {
    const message: PageStateMessage = {
      type: PAGE_STATE,
      language: toShortLanguage(i18n.language),
      signedIn: isSignedIn(sessionStore.getState().user),
    };
    container.controller?.postMessage(message);
  };
  tell();
  container.addEventListener('controllerchange', tell);
  i18n.on('languageChanged', tell);
  sessionStore.subscribe((state, previous) => {
    if (isSignedIn(state.user) !== isSignedIn(previous.user)) tell();
  });
}
