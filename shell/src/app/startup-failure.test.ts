import { screen } from '@testing-library/react';
import { i18n } from '@varco/i18n';
import { RuntimeConfigError } from '../config/runtime-config';
import { renderStartupFailure } from './startup-failure';

const configFailure = new RuntimeConfigError('/config.json answered 500');

function mount(cause: unknown = configFailure, reload = jest.fn()) {
  document.body.innerHTML = '<div id="root"><p>stale</p></div>';
  renderStartupFailure(document.getElementById('root')!, cause, reload);
  return reload;
}

describe('renderStartupFailure', () => {
  afterEach(() => i18n.changeLanguage('en_US'));

  it('replaces the page with the translated alert and a button that starts the portal again', async () => {
    await i18n.changeLanguage('en_US');
    const reload = mount();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Server Error');
    expect(alert).toHaveTextContent('The portal could not start because its configuration could not be read.');
    expect(screen.queryByText('stale')).toBeNull();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('names the configuration only when it is the cause', async () => {
    await i18n.changeLanguage('en_US');
    mount(new TypeError('(0 , n.useMatch) is not a function'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The portal could not start. Please try again in a few minutes.');
    expect(alert).not.toHaveTextContent('configuration');
    await i18n.changeLanguage('it_IT');
    mount(new TypeError('(0 , n.useMatch) is not a function'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Il portale non è riuscito ad avviarsi. Riprova tra qualche minuto.',
    );
  });

  it('speaks Italian to an Italian traveler', async () => {
    await i18n.changeLanguage('it_IT');
    mount();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Errore del server');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Il portale non può avviarsi perché non è stato possibile leggere la sua configurazione.',
    );
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });
});
