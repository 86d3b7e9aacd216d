import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { romeToday } from '@varco/contracts';
import { requestJson, requestVoid } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { i18n } from '@varco/i18n';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);

const COUNTRIES = [
  { code: 'CH', description: 'Switzerland' },
  { code: 'US', description: 'United States' },
];
const ALL_COUNTRIES = [...COUNTRIES, { code: 'IT', description: 'Italy' }];
const DOCUMENT_TYPES = [{ code: 'PP', description: 'Passport' }];
const ZONES = { CH: [{ code: 'SAM', description: 'Samnaun' }] } as Record<
  string,
  Array<{ code: string; description: string }>
>;
let captchaCount = 0;
/** The page's language at each captcha call: the language its reading is asked in. */
let captchaLanguages: string[] = [];
let lookups: Record<string, unknown> = {};

/** Answers the GET calls of the form by path, as the api would. */
function answerLookups() {
  requestJsonMock.mockImplementation(async (path: string) => {
    if (path in lookups) return lookups[path];
    if (path === 'v1/public/typology/countries/tax-free') return COUNTRIES;
    if (path === 'v1/public/typology/COUNTRY') return ALL_COUNTRIES;
    if (path === 'v1/public/typology/DOCUMENT_TYPE') return DOCUMENT_TYPES;
    if (path.startsWith('v1/public/typology/countries/free-zone/')) return ZONES[path.split('/').pop() ?? ''] ?? [];
    if (path === 'v1/public/captcha') {
      captchaCount += 1;
      captchaLanguages.push(i18n.language);
      return {
        captcha: {
          token: `token-${captchaCount}`,
          imageB64: `image-${captchaCount}`,
          audioB64: `audio-${captchaCount}`,
        },
      };
    }
    throw new Error(`unexpected call ${path}`);
  });
}

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
  captchaCount = 0;
  captchaLanguages = [];
  lookups = {};
  answerLookups();
});

function captchaCalls() {
  return requestJsonMock.mock.calls.filter(([path]) => path === 'v1/public/captcha').length;
}

async function renderForm(language: 'it_IT' | 'en_US' = 'en_US') {
  const view = renderSection('sign-up', '/sign-up', { language });
  await screen.findByTestId('captcha-image');
  await waitFor(() => expect(screen.getByLabelText(/^Document type|^Tipo di documento/)).toBeEnabled());
  return view;
}

async function fillValidForm(user: UserEvent) {
  await user.type(screen.getByLabelText(/^Name/), 'Mario');
  await user.type(screen.getByLabelText(/^Surname/), 'Rossi');
  await user.type(screen.getByLabelText(/^Date of birth/), '1990-05-17');
  await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'US');
  await user.selectOptions(screen.getByLabelText(/^Document type/), 'PP');
  await user.selectOptions(screen.getByLabelText(/^Country that issued/), 'IT');
  await user.type(screen.getByLabelText(/^Document number/), 'YA1234567');
  await user.type(screen.getByLabelText(/^E-mail/), 'mario@example.com');
  await user.type(screen.getByLabelText(/^Confirm e-mail/), 'mario@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'Secret-123');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Secret-123');
  await user.click(screen.getByLabelText(/^I have read and accept the privacy policy/));
  await user.type(screen.getByLabelText(/^Security code/), 'AB12CD');
}

async function blurWith(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.type(field, text);
  else await user.click(field);
  await user.tab();
}

describe('registration form (docs/screens.md, docs/domain.md)', () => {
  it('shows the password rules, the disclaimer, required asterisks and the privacy link', async () => {
    await renderForm();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Registration');
    expect(screen.getByTestId('password-rules')).toHaveTextContent('at least 8 characters');
    expect(screen.getByTestId('disclaimer')).not.toBeEmptyDOMElement();
    expect(screen.getByRole('link', { name: 'Abort' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Name').parentElement).toHaveTextContent('Name *');
    expect(screen.getByRole('link', { name: /privacy policy/ })).toHaveAttribute(
      'href',
      'https://www.adm.gov.it/portale/en/privacy',
    );
    expect(screen.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('img', { name: 'Security code to copy' })).toHaveAttribute(
      'src',
      'data:image/png;base64,image-1',
    );
  });

  it('links the Italian privacy policy in Italian', async () => {
    await renderForm('it_IT');
    expect(screen.getByRole('link', { name: /informativa/ })).toHaveAttribute(
      'href',
      'https://www.adm.gov.it/portale/privacy',
    );
    expect(screen.getByLabelText(/^Tipo di documento/)).toBeEnabled();
  });

  it.each([
    ['Name', '', 'This field cannot be empty'],
    ['Name', 'A', 'Enter at least 2 characters'],
    ['Surname', '', 'This field cannot be empty'],
    ['Surname', 'R', 'Enter at least 2 characters'],
    ['Document number', 'Y', 'Enter at least 2 characters'],
    ['Date of birth', '', 'This field cannot be empty'],
    ['Date of birth', '2999-01-01', 'The date cannot be later than today'],
    ['Date of birth', '1850-03-12', 'The date cannot be earlier than 1900'],
    ['Date of birth', '1899-12-31', 'The date cannot be earlier than 1900'],
    ['Name', 'N'.repeat(101), 'Enter at most 100 characters'],
    ['Surname', 'S'.repeat(101), 'Enter at most 100 characters'],
    ['Document number', 'D'.repeat(51), 'Enter at most 50 characters'],
    ['E-mail', `${'m'.repeat(250)}@example.com`, 'Enter a valid e-mail address'],
    ['E-mail', '', 'This field cannot be empty'],
    ['E-mail', 'not-an-email', 'Enter a valid e-mail address'],
    ['Confirm e-mail', 'bad@', 'Enter a valid e-mail address'],
    ['Password', '', 'This field cannot be empty'],
    [
      'Password',
      'Ab1-',
      'The password must be at least 8 characters long, with characters of at least three types: uppercase, lowercase, digits, special characters',
    ],
    [
      'Password',
      'abcdefgh1',
      'The password must be at least 8 characters long, with characters of at least three types: uppercase, lowercase, digits, special characters',
    ],
    ['Password', `Aa1-${'x'.repeat(125)}`, 'Enter at most 128 characters'],
    ['Confirm password', '', 'This field cannot be empty'],
    ['Security code', 'A', 'Enter at least 2 characters'],
  ])('checks %s = "%s" on blur: %s', async (label, text, message) => {
    const user = userEvent.setup();
    await renderForm();
    const field = screen.getByLabelText(new RegExp(`^${label}`));
    await blurWith(user, field, text);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
  });

  it('gives the birth date and the password rules in Italian, in the words of the api', async () => {
    const user = userEvent.setup();
    await renderForm('it_IT');
    const birthday = screen.getByLabelText(/^Data di nascita/);
    expect(birthday).toHaveAttribute('min', '1900-01-01');
    await blurWith(user, birthday, '1850-03-12');
    expect(birthday).toHaveAccessibleDescription('La data non può essere precedente al 1900');
    const password = screen.getByLabelText(/^Password/);
    await blurWith(user, password, 'abcdefgh');
    expect(password).toHaveAccessibleDescription(
      'La password deve contenere almeno 8 caratteri, di almeno tre tipi: maiuscole, minuscole, cifre, caratteri speciali',
    );
  });

  it('accepts a strong password and today as birthday', async () => {
    const user = userEvent.setup();
    await renderForm();
    const password = screen.getByLabelText(/^Password/);
    await blurWith(user, password, 'abcdEFG1');
    expect(password).not.toHaveAttribute('aria-invalid');
    await blurWith(user, password, 'abcdefg-1');
    expect(password).not.toHaveAttribute('aria-invalid');
    // Letters beyond A-Z count by their case, as the api counts them.
    await blurWith(user, password, 'àbcdèfg1');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await blurWith(user, password, 'Àbcdèfg1');
    expect(password).not.toHaveAttribute('aria-invalid');
    // Today in the portal's time zone, where the api counts it too.
    const today = romeToday();
    const birthday = screen.getByLabelText(/^Date of birth/);
    expect(birthday).toHaveAttribute('max', today);
    await blurWith(user, birthday, today);
    expect(birthday).not.toHaveAttribute('aria-invalid');
  });

  it('checks that the confirmations match', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(screen.getByLabelText(/^E-mail/), 'mario@example.com');
    await blurWith(user, screen.getByLabelText(/^Confirm e-mail/), 'maria@example.com');
    expect(screen.getByLabelText(/^Confirm e-mail/)).toHaveAccessibleDescription('The e-mail addresses are different');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-123');
    await blurWith(user, screen.getByLabelText(/^Confirm password/), 'Secret-124');
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription('The passwords are different');
  });

  it('checks the selects and the privacy checkbox on blur', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByLabelText(/^Document type/));
    await user.tab();
    expect(screen.getByLabelText(/^Document type/)).toHaveAccessibleDescription('This field cannot be empty');
    await user.click(screen.getByLabelText(/^I have read/));
    await user.click(screen.getByLabelText(/^I have read/));
    await user.tab();
    expect(screen.getByLabelText(/^I have read/)).toHaveAccessibleDescription('You must accept to continue');
  });

  it('toggles the visibility of the passwords', async () => {
    const user = userEvent.setup();
    await renderForm();
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show Password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide Password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide Password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show Confirm password' }));
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAttribute('type', 'text');
  });

  it('shows the zone select only for a country with zones, and resets it otherwise', async () => {
    const user = userEvent.setup();
    await renderForm();
    expect(screen.queryByLabelText(/^Zone of residence/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'CH');
    const zone = await screen.findByLabelText(/^Zone of residence/);
    expect(requestJsonMock).toHaveBeenCalledWith('v1/public/typology/countries/free-zone/CH', expect.anything(), {
      searchParams: { from: 'REGISTRATION', language: 'EN' },
    });
    expect(zone).not.toHaveAttribute('aria-required');
    await user.selectOptions(zone, 'SAM');
    expect(zone).toHaveValue('SAM');
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'US');
    await waitFor(() => expect(screen.queryByLabelText(/^Zone of residence/)).not.toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'CH');
    expect(await screen.findByLabelText(/^Zone of residence/)).toHaveValue('');
  });

  it('disables the selects that have no options', async () => {
    lookups = { 'v1/public/typology/DOCUMENT_TYPE': [], 'v1/public/typology/countries/tax-free': [] };
    renderSection('sign-up', '/sign-up');
    await screen.findByTestId('captcha-image');
    await waitFor(() => expect(screen.getByLabelText(/^Country that issued/)).toBeEnabled());
    expect(screen.getByLabelText(/^Document type/)).toBeDisabled();
    expect(screen.getByLabelText(/^Country of residence/)).toBeDisabled();
  });

  it('plays the captcha audio and loads a new captcha on the reload link', async () => {
    const play = jest.fn().mockResolvedValue(undefined);
    const audio = jest
      .spyOn(window, 'Audio')
      .mockImplementation(() => ({ play, pause: jest.fn() }) as unknown as HTMLAudioElement);
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Listen to the security code' }));
    expect(audio).toHaveBeenCalledWith('data:audio/wav;base64,audio-1');
    expect(play).toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Security code/), 'XY');
    await user.click(screen.getByRole('button', { name: 'Load a new code' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Security code to copy' })).toHaveAttribute(
        'src',
        'data:image/png;base64,image-2',
      ),
    );
    expect(screen.getByLabelText(/^Security code/)).toHaveValue('');
    audio.mockRestore();
  });

  it('reads a new code aloud in the language the traveler switches to, its code typed again', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.type(screen.getByLabelText(/^Security code/), 'XY');
    await act(() => i18n.changeLanguage('it_IT'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Codice di sicurezza da copiare' })).toHaveAttribute(
        'src',
        'data:image/png;base64,image-2',
      ),
    );
    expect(captchaLanguages).toEqual(['en_US', 'it_IT']);
    expect(screen.getByLabelText(/^Codice di sicurezza/)).toHaveValue('');
  });

  it('checks every field on Confirm and sends nothing while one is wrong', async () => {
    const user = userEvent.setup();
    await renderForm();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(screen.getByLabelText(/^I have read/)).toHaveAccessibleDescription('You must accept to continue');
    expect(requestVoidMock).not.toHaveBeenCalled();
  });

  it('sends the payload with the captcha in the headers, then asks to check the mail', async () => {
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/public/traveler', {
      method: 'POST',
      json: {
        lan: 'EN',
        email: 'mario@example.com',
        privacy: true,
        nome: 'Mario',
        cognome: 'Rossi',
        secret: 'Secret-123',
        dataNascita: '1990-05-17',
        tipoDocumentoCodice: 'PP',
        paeseResidenzaCodice: 'US',
        numeroDocumento: 'YA1234567',
        zonaResidenzaCodice: '',
        paeseDocumentoCodice: 'IT',
      },
      headers: { 'x-captcha-value': 'AB12CD', 'x-captcha-token': 'token-1' },
    });
    const step = await screen.findByTestId('check-mail');
    expect(step).toHaveTextContent('We have sent a message to mario@example.com');
    expect(screen.getByRole('heading', { name: 'Check your mailbox' })).toHaveFocus();
    expect(within(step).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');

    // Send again: back to the form with the details kept and a new captcha; confirming registers again.
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(screen.getByTestId('resend-notice')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('mario@example.com');
    expect(screen.getByLabelText(/^Security code/)).toHaveValue('');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Security code to copy' })).toHaveAttribute(
        'src',
        'data:image/png;base64,image-2',
      ),
    );
    await user.type(screen.getByLabelText(/^Security code/), 'QW34');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(requestVoidMock).toHaveBeenLastCalledWith(
      'v1/public/traveler',
      expect.objectContaining({ headers: { 'x-captcha-value': 'QW34', 'x-captcha-token': 'token-2' } }),
    );
    expect(await screen.findByTestId('check-mail')).toBeInTheDocument();
  });

  it('sends the zone and the Italian language', async () => {
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    await renderForm('it_IT');
    await user.type(screen.getByLabelText(/^Nome/), 'Mario');
    await user.type(screen.getByLabelText(/^Cognome/), 'Rossi');
    await user.type(screen.getByLabelText(/^Data di nascita/), '1990-05-17');
    await user.selectOptions(screen.getByLabelText(/^Paese di residenza/), 'CH');
    await user.selectOptions(await screen.findByLabelText(/^Zona di residenza/), 'SAM');
    await user.selectOptions(screen.getByLabelText(/^Tipo di documento/), 'PP');
    await user.selectOptions(screen.getByLabelText(/^Paese che ha rilasciato/), 'CH');
    await user.type(screen.getByLabelText(/^Numero del documento/), 'X1234');
    await user.type(screen.getByLabelText(/^E-mail/), 'mario@example.com');
    await user.type(screen.getByLabelText(/^Conferma e-mail/), 'mario@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-123');
    await user.type(screen.getByLabelText(/^Conferma password/), 'Secret-123');
    await user.click(screen.getByLabelText(/^Ho letto/));
    await user.type(screen.getByLabelText(/^Codice di sicurezza/), 'AB12');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(requestVoidMock).toHaveBeenCalledWith(
      'v1/public/traveler',
      expect.objectContaining({
        json: expect.objectContaining({ lan: 'IT', zonaResidenzaCodice: 'SAM', paeseResidenzaCodice: 'CH' }),
      }),
    );
  });

  it('shows the server errors: detail and generic in the list, extras on their fields, and reloads the captcha', async () => {
    requestVoidMock.mockRejectedValueOnce({
      status: 400,
      detail: 'Invalid registration',
      type: 'http-error',
      extra: {
        generic: 'Please check the form',
        nome: 'Name not allowed',
        cognome: 'Surname not allowed',
        email: 'E-mail already registered.',
        dataNascita: 'Too young',
        numeroDocumento: 'Document already registered',
        paeseDocumentoCodice: 'Country not allowed',
        paeseResidenzaCodice: 'Residence not allowed',
        privacy: 'Privacy must be accepted',
        secret: 'Password too weak',
      },
    });
    const user = userEvent.setup();
    await renderForm();
    await fillValidForm(user);
    expect(captchaCalls()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const errors = await screen.findByTestId('server-errors');
    expect(errors).toHaveTextContent('Invalid registration');
    expect(errors).toHaveTextContent('Please check the form');
    await waitFor(() => expect(errors).toHaveFocus());
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Name not allowed');
    expect(screen.getByLabelText(/^Surname/)).toHaveAccessibleDescription('Surname not allowed');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription(
      /^E-mail already registered\. Your e-mail address is also your username/,
    );
    expect(screen.getByLabelText(/^Date of birth/)).toHaveAccessibleDescription('Too young');
    expect(screen.getByLabelText(/^Document number/)).toHaveAccessibleDescription('Document already registered');
    expect(screen.getByLabelText(/^Country that issued/)).toHaveAccessibleDescription('Country not allowed');
    expect(screen.getByLabelText(/^Country of residence/)).toHaveAccessibleDescription('Residence not allowed');
    expect(screen.getByLabelText(/^I have read/)).toHaveAccessibleDescription('Privacy must be accepted');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password too weak');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    // The captcha reloads and its code is typed again.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Security code to copy' })).toHaveAttribute(
        'src',
        'data:image/png;base64,image-2',
      ),
    );
    expect(captchaCalls()).toBe(2);
    expect(screen.getByLabelText(/^Security code/)).toHaveValue('');
    expect(screen.queryByTestId('check-mail')).not.toBeInTheDocument();

    // Correcting a field clears its server message.
    await user.type(screen.getByLabelText(/^Name/), 'x');
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
  });

  it('lists the wrong-captcha error once, though the api gives it as detail and as extra.generic', async () => {
    requestVoidMock.mockRejectedValueOnce({
      status: 400,
      detail: 'Captcha not present or invalid.',
      type: 'http-error',
      extra: { generic: 'Captcha not present or invalid.' },
    });
    const user = userEvent.setup();
    await renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const errors = await screen.findByTestId('server-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Captcha not present or invalid.']);
  });

  it('shows a generic error when the server gives no detail', async () => {
    requestVoidMock.mockRejectedValueOnce({ status: 500, detail: '', extra: {}, type: 'http-error' });
    const user = userEvent.setup();
    await renderForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('server-errors')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

describe('account activation (docs/screens.md, docs/calls.md)', () => {
  it('activates with both keys and offers to sign in', async () => {
    let resolve: () => void = () => undefined;
    requestVoidMock.mockReturnValue(new Promise<void>((done) => (resolve = done)));
    renderSection('sign-up', '/sign-up?key1=abc&key2=def');
    expect(screen.getByText('Activating your account…')).toBeInTheDocument();
    expect(requestVoidMock).toHaveBeenCalledWith('v1/public/traveler/activate', {
      searchParams: { key1: 'abc', key2: 'def' },
    });
    expect(requestJsonMock).not.toHaveBeenCalled();
    await act(async () => resolve());
    const success = await screen.findByTestId('activation-success');
    expect(success).toHaveTextContent('Your account has been activated');
    expect(within(success).getByTestId('activation-image')).toBeInTheDocument();
    expect(within(success).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('shows the server detail when the activation fails', async () => {
    requestVoidMock.mockRejectedValue({
      status: 400,
      detail: 'The activation link has expired',
      extra: {},
      type: 'http-error',
    });
    renderSection('sign-up', '/sign-up?key1=abc&key2=def', { language: 'it_IT' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The activation link has expired');
    expect(screen.queryByTestId('activation-success')).not.toBeInTheDocument();
  });

  it.each([
    ['a NUL', `key1=abc%00&key2=def`],
    ['a key longer than any issued', `key1=abc&key2=${'x'.repeat(129)}`],
  ])('says a link with %s is not valid, in the page language, without a call', async (_what, query) => {
    renderSection('sign-up', `/sign-up?${query}`, { language: 'it_IT' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Il link non è valido o è già stato usato.');
    expect(requestVoidMock).not.toHaveBeenCalled();
  });

  it('shows the form when only one key is present', async () => {
    renderSection('sign-up', '/sign-up?key1=abc');
    expect(await screen.findByTestId('sign-up-form')).toBeInTheDocument();
    expect(requestVoidMock).not.toHaveBeenCalled();
  });
});
