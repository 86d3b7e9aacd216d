import { i18n } from '@varco/i18n';
import { RuntimeConfigError } from '../config/runtime-config';

/**
 * What a traveler sees when the portal cannot start: a translated message instead of a blank page, naming the runtime
 * configuration only when it is the cause (unreachable, refused or not valid), and a button that starts the portal
 * again (the configuration is read afresh, never from a cache). Plain DOM: React and the remotes are not running.
 */
export function renderStartupFailure(
  element: HTMLElement,
  cause: unknown,
  reload: () => void = () => window.location.reload(),
): void {
  const box = document.createElement('div');
  box.className = 'container py-5';
  box.setAttribute('role', 'alert');
  box.dataset.testid = 'startup-failure';
  const title = document.createElement('h1');
  title.textContent = i18n.t('serverError.title');
  const text = document.createElement('p');
  text.textContent = i18n.t(cause instanceof RuntimeConfigError ? 'errors.config' : 'errors.startup');
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'btn btn-primary';
  retry.textContent = i18n.t('errors.configRetry');
  retry.addEventListener('click', () => reload());
  box.append(title, text, retry);
  element.replaceChildren(box);
}
