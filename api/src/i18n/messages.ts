import type { ServerLanguage } from '@varco/contracts';

/**
 * The api's own texts (error details and field messages), in both languages. English is the reference: the Italian
 * catalogue must have exactly its keys (checked by the compiler here and by messages.test.ts, placeholders too).
 * Placeholders are `{name}`.
 */
const en = {
  badRequest: 'The request is not valid.',
  validationFailed: 'Some data in the request is not valid.',
  unauthorized: 'You must sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'The requested resource was not found.',
  methodNotAllowed: 'This method is not allowed here.',
  payloadTooLarge: 'The request is too large.',
  unsupportedMediaType: 'The request format is not supported.',
  tooManyRequests: 'Too many requests. Please try again in a moment.',
  requestFailed: 'The request could not be processed.',
  internalError: 'An unexpected error occurred. Please try again later.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again later.',
  databaseUnavailable: 'The database is not reachable.',
  'field.required': 'Required field',
  'field.empty': 'The field cannot be empty',
  'field.invalidType': 'Invalid type',
  'field.minLength': 'At least {min} characters',
  'field.maxLength': 'At most {max} characters',
  'field.exactLength': 'Exactly {length} characters',
  'field.minValue': 'Must be at least {min}',
  'field.maxValue': 'Must be at most {max}',
  'field.minItems': 'Select at least {min}',
  'field.maxItems': 'Select at most {max}',
  'field.email': 'Invalid e-mail',
  'field.format': 'Invalid format',
  'field.oneOf': 'Allowed values: {values}',
  'field.unknownKey': 'Unknown field',
  'field.invalid': 'Invalid value',
  'typology.unknownCountry': 'Unknown country: {country}.',
  'captcha.invalid': 'Captcha not present or invalid.',
  'auth.badCredentials': 'Username or password wrong',
  'auth.notActive': 'Your account is not active yet: open the activation link we sent you by e-mail.',
  'auth.otpRequired': 'Enter the code we sent you by e-mail to complete the sign-in.',
  'otp.incorrect': 'OTP incorrect (enter the correct code)',
  'otp.expired': 'The code has expired: request a new one.',
  'otp.tooManyAttempts': 'Too many wrong codes: request a new one.',
  'otp.notSent': 'No code has been sent yet: request one.',
} as const;

export type MessageKey = keyof typeof en;

const it: Record<MessageKey, string> = {
  badRequest: 'La richiesta non è valida.',
  validationFailed: 'Alcuni dati della richiesta non sono validi.',
  unauthorized: 'Devi accedere per continuare.',
  forbidden: 'Non sei autorizzato a eseguire questa operazione.',
  notFound: 'La risorsa richiesta non è stata trovata.',
  methodNotAllowed: 'Questo metodo non è consentito qui.',
  payloadTooLarge: 'La richiesta è troppo grande.',
  unsupportedMediaType: 'Il formato della richiesta non è supportato.',
  tooManyRequests: 'Troppe richieste. Riprova tra qualche istante.',
  requestFailed: 'Non è stato possibile elaborare la richiesta.',
  internalError: 'Si è verificato un errore imprevisto. Riprova più tardi.',
  serviceUnavailable: 'Il servizio è temporaneamente non disponibile. Riprova più tardi.',
  databaseUnavailable: 'Il database non è raggiungibile.',
  'field.required': 'Campo obbligatorio',
  'field.empty': 'Il campo non può essere vuoto',
  'field.invalidType': 'Tipo non valido',
  'field.minLength': 'Almeno {min} caratteri',
  'field.maxLength': 'Al massimo {max} caratteri',
  'field.exactLength': 'Esattamente {length} caratteri',
  'field.minValue': 'Deve essere almeno {min}',
  'field.maxValue': 'Deve essere al massimo {max}',
  'field.minItems': 'Selezionane almeno {min}',
  'field.maxItems': 'Selezionane al massimo {max}',
  'field.email': 'E-mail non valida',
  'field.format': 'Formato non valido',
  'field.oneOf': 'Valori ammessi: {values}',
  'field.unknownKey': 'Campo non previsto',
  'field.invalid': 'Valore non valido',
  'typology.unknownCountry': 'Paese sconosciuto: {country}.',
  'captcha.invalid': 'Captcha non presente o non valido.',
  'auth.badCredentials': 'Username o password errati',
  'auth.notActive': "Il tuo account non è ancora attivo: apri il link di attivazione che ti abbiamo inviato per e-mail.",
  'auth.otpRequired': "Inserisci il codice che ti abbiamo inviato per e-mail per completare l'accesso.",
  'otp.incorrect': 'OTP errato (inserire il codice corretto)',
  'otp.expired': 'Il codice è scaduto: richiedine uno nuovo.',
  'otp.tooManyAttempts': 'Troppi codici errati: richiedine uno nuovo.',
  'otp.notSent': 'Nessun codice è stato ancora inviato: richiedine uno.',
};

export const catalogues: Readonly<Record<ServerLanguage, Readonly<Record<MessageKey, string>>>> = { EN: en, IT: it };

export type MessageParams = Readonly<Record<string, string | number>>;

/** The text of `key` in `language`, with `{name}` placeholders replaced; an unknown placeholder stays visible. */
export function translate(language: ServerLanguage, key: MessageKey, params: MessageParams = {}): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}
