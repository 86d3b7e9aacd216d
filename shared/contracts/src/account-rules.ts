import { MIN_TEXT_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import type { ServerLanguage } from './language';
import { isIsoDay, romeToday } from './rome-calendar';

/**
 * The field rules of the account forms (registration, password recovery and change), written once: the api refuses
 * with them and the forms check with them on blur, and both show the same message for the same problem.
 */

export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const DOCUMENT_NUMBER_MAX_LENGTH = 50;

/**
 * A travel document number as it is stored and compared: without spaces, in capitals. A traveler who types "YA 123"
 * and a merchant who writes "ya123" on the invoice name the same passport.
 */
export function normaliseDocumentNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
export const EMAIL_MAX_LENGTH = 254;
/** No living traveler was born before this day; an earlier one is a typing mistake (1850 for 1985). */
export const BIRTH_DATE_MIN = '1900-01-01';

/** What is wrong with a field value under one of these rules. */
export type AccountRuleIssue =
  | { code: 'empty' }
  | { code: 'minLength'; min: number }
  | { code: 'maxLength'; max: number }
  | { code: 'email' }
  | { code: 'passwordRules'; min: number }
  | { code: 'date' }
  | { code: 'dateTooEarly'; year: number }
  | { code: 'dateNotPast' }
  | { code: 'mustAccept' }
  | { code: 'differentPassword' }
  | { code: 'differentEmail' }
  | { code: 'controlCharacter' };

export type AccountRuleCode = AccountRuleIssue['code'];

/**
 * The messages of the issues in every interface language, with `{name}` placeholders filled from the issue. They stay
 * here rather than in a remote's texts: the forms show them on blur and the api answers with them, in the same words.
 * Their numbers are the rules' own bounds, so none needs plural forms: where a noun would change with the number, the
 * number follows a colon.
 */
export const ACCOUNT_RULE_MESSAGES: Readonly<Record<ServerLanguage, Readonly<Record<AccountRuleCode, string>>>> = {
  EN: {
    empty: 'This field cannot be empty',
    minLength: 'Enter at least {min} characters',
    maxLength: 'Enter at most {max} characters',
    email: 'Enter a valid e-mail address',
    passwordRules:
      'The password must be at least {min} characters long, with characters of at least three types: uppercase, lowercase, digits, special characters',
    date: 'Enter a valid date',
    dateTooEarly: 'The date cannot be earlier than {year}',
    dateNotPast: 'The date cannot be later than today',
    mustAccept: 'You must accept to continue',
    differentPassword: 'The passwords are different',
    differentEmail: 'The e-mail addresses are different',
    controlCharacter: 'Contains a control character that is not allowed',
  },
  IT: {
    empty: 'Il campo non può essere vuoto',
    minLength: 'Inserisci almeno {min} caratteri',
    maxLength: 'Inserisci al massimo {max} caratteri',
    email: 'Inserisci un indirizzo e-mail valido',
    passwordRules:
      'La password deve contenere almeno {min} caratteri, di almeno tre tipi: maiuscole, minuscole, cifre, caratteri speciali',
    date: 'Inserisci una data valida',
    dateTooEarly: 'La data non può essere precedente al {year}',
    dateNotPast: 'La data non può essere successiva a oggi',
    mustAccept: 'Devi accettare per continuare',
    differentPassword: 'Le password non coincidono',
    differentEmail: 'Gli indirizzi e-mail non coincidono',
    controlCharacter: 'Contiene un carattere di controllo non ammesso',
  },
  'ZH-HANS': {
    empty: '此字段不能为空',
    minLength: '请至少输入 {min} 个字符',
    maxLength: '最多输入 {max} 个字符',
    email: '请输入有效的电子邮件地址',
    passwordRules: '密码长度至少为 {min} 个字符，且须包含以下至少三类字符：大写字母、小写字母、数字、特殊字符',
    date: '请输入有效日期',
    dateTooEarly: '日期不能早于 {year} 年',
    dateNotPast: '日期不能晚于今天',
    mustAccept: '您必须同意才能继续',
    differentPassword: '两次输入的密码不一致',
    differentEmail: '两次输入的电子邮件地址不一致',
    controlCharacter: '包含不允许的控制字符',
  },
  ES: {
    empty: 'Este campo no puede estar vacío',
    minLength: 'Introduzca al menos {min} caracteres',
    maxLength: 'Introduzca como máximo {max} caracteres',
    email: 'Introduzca una dirección de correo electrónico válida',
    passwordRules:
      'La contraseña debe tener al menos {min} caracteres, de al menos tres tipos: mayúsculas, minúsculas, cifras, caracteres especiales',
    date: 'Introduzca una fecha válida',
    dateTooEarly: 'La fecha no puede ser anterior a {year}',
    dateNotPast: 'La fecha no puede ser posterior a hoy',
    mustAccept: 'Debe aceptar para continuar',
    differentPassword: 'Las contraseñas no coinciden',
    differentEmail: 'Las direcciones de correo electrónico no coinciden',
    controlCharacter: 'Contiene un carácter de control no permitido',
  },
  FR: {
    empty: 'Ce champ ne peut pas être vide',
    minLength: 'Saisissez au moins {min} caractères',
    maxLength: 'Saisissez au plus {max} caractères',
    email: 'Saisissez une adresse e-mail valide',
    passwordRules:
      'Le mot de passe doit comporter au moins {min} caractères, de trois types au moins\u00a0: majuscules, minuscules, chiffres, caractères spéciaux',
    date: 'Saisissez une date valide',
    dateTooEarly: 'La date ne peut pas être antérieure à {year}',
    dateNotPast: "La date ne peut pas être postérieure à aujourd'hui",
    mustAccept: 'Vous devez accepter pour continuer',
    differentPassword: 'Les mots de passe ne correspondent pas',
    differentEmail: 'Les adresses e-mail ne correspondent pas',
    controlCharacter: 'Contient un caractère de contrôle non autorisé',
  },
  DE: {
    empty: 'Dieses Feld darf nicht leer sein',
    minLength: 'Geben Sie mindestens {min} Zeichen ein',
    maxLength: 'Geben Sie höchstens {max} Zeichen ein',
    email: 'Geben Sie eine gültige E-Mail-Adresse ein',
    passwordRules:
      'Das Passwort muss mindestens {min} Zeichen lang sein und Zeichen aus mindestens drei Gruppen enthalten: Großbuchstaben, Kleinbuchstaben, Ziffern, Sonderzeichen',
    date: 'Geben Sie ein gültiges Datum ein',
    dateTooEarly: 'Das Datum darf nicht vor {year} liegen',
    dateNotPast: 'Das Datum darf nicht nach dem heutigen Tag liegen',
    mustAccept: 'Sie müssen zustimmen, um fortzufahren',
    differentPassword: 'Die Passwörter stimmen nicht überein',
    differentEmail: 'Die E-Mail-Adressen stimmen nicht überein',
    controlCharacter: 'Enthält ein unzulässiges Steuerzeichen',
  },
  AR: {
    empty: 'لا يمكن ترك هذا الحقل فارغًا',
    minLength: 'يجب ألا يقل عدد الأحرف عن {min}',
    maxLength: 'يجب ألا يزيد عدد الأحرف على {max}',
    email: 'يُرجى إدخال عنوان بريد إلكتروني صالح',
    passwordRules:
      'يجب ألا يقل عدد أحرف كلمة المرور عن {min}، وأن تتضمن ثلاثة أنواع على الأقل مما يلي: أحرف كبيرة، أحرف صغيرة، أرقام، رموز خاصة',
    date: 'يُرجى إدخال تاريخ صالح',
    dateTooEarly: 'لا يمكن أن يكون التاريخ قبل عام {year}',
    dateNotPast: 'لا يمكن أن يكون التاريخ بعد اليوم',
    mustAccept: 'يجب الموافقة للمتابعة',
    differentPassword: 'كلمتا المرور غير متطابقتين',
    differentEmail: 'عنوانا البريد الإلكتروني غير متطابقين',
    controlCharacter: 'يحتوي على حرف تحكم غير مسموح به',
  },
  JA: {
    empty: 'この項目は空欄にできません',
    minLength: '{min}文字以上で入力してください',
    maxLength: '{max}文字以内で入力してください',
    email: '有効なメールアドレスを入力してください',
    passwordRules: 'パスワードは{min}文字以上で、大文字、小文字、数字、特殊文字のうち3種類以上を含める必要があります',
    date: '有効な日付を入力してください',
    dateTooEarly: '{year}年より前の日付は入力できません',
    dateNotPast: '今日より後の日付は入力できません',
    mustAccept: '続行するには同意が必要です',
    differentPassword: 'パスワードが一致しません',
    differentEmail: 'メールアドレスが一致しません',
    controlCharacter: '使用できない制御文字が含まれています',
  },
  KO: {
    empty: '이 항목은 비워 둘 수 없습니다',
    minLength: '최소 {min}자 이상 입력하십시오',
    maxLength: '최대 {max}자까지 입력하십시오',
    email: '올바른 이메일 주소를 입력하십시오',
    passwordRules:
      '비밀번호는 {min}자 이상이어야 하며 대문자, 소문자, 숫자, 특수 문자 중 세 가지 이상을 포함해야 합니다',
    date: '올바른 날짜를 입력하십시오',
    dateTooEarly: '{year}년 이전 날짜는 입력할 수 없습니다',
    dateNotPast: '오늘 이후 날짜는 입력할 수 없습니다',
    mustAccept: '계속하려면 동의해야 합니다',
    differentPassword: '비밀번호가 일치하지 않습니다',
    differentEmail: '이메일 주소가 일치하지 않습니다',
    controlCharacter: '허용되지 않는 제어 문자가 포함되어 있습니다',
  },
  RU: {
    empty: 'Поле не может быть пустым',
    minLength: 'Минимальное количество символов: {min}',
    maxLength: 'Максимальное количество символов: {max}',
    email: 'Введите действительный адрес электронной почты',
    passwordRules:
      'Пароль должен содержать не менее {min} символов как минимум трёх типов: прописные буквы, строчные буквы, цифры, специальные символы',
    date: 'Введите действительную дату',
    dateTooEarly: 'Дата не может быть раньше {year} года',
    dateNotPast: 'Дата не может быть позже сегодняшней',
    mustAccept: 'Чтобы продолжить, необходимо дать согласие',
    differentPassword: 'Пароли не совпадают',
    differentEmail: 'Адреса электронной почты не совпадают',
    controlCharacter: 'Содержит недопустимый управляющий символ',
  },
  'PT-BR': {
    empty: 'Este campo não pode ficar vazio',
    minLength: 'Digite no mínimo {min} caracteres',
    maxLength: 'Digite no máximo {max} caracteres',
    email: 'Digite um endereço de e-mail válido',
    passwordRules:
      'A senha deve ter no mínimo {min} caracteres, de pelo menos três tipos: letras maiúsculas, letras minúsculas, números, caracteres especiais',
    date: 'Digite uma data válida',
    dateTooEarly: 'A data não pode ser anterior a {year}',
    dateNotPast: 'A data não pode ser posterior a hoje',
    mustAccept: 'É preciso aceitar para continuar',
    differentPassword: 'As senhas não coincidem',
    differentEmail: 'Os endereços de e-mail não coincidem',
    controlCharacter: 'Contém um caractere de controle não permitido',
  },
  TR: {
    empty: 'Bu alan boş bırakılamaz',
    minLength: 'En az {min} karakter girin',
    maxLength: 'En fazla {max} karakter girin',
    email: 'Geçerli bir e-posta adresi girin',
    passwordRules:
      'Şifre en az {min} karakter uzunluğunda olmalı ve şu dört türden en az üçünden karakter içermelidir: büyük harf, küçük harf, rakam, özel karakter',
    date: 'Geçerli bir tarih girin',
    dateTooEarly: 'Tarih {year} yılından önce olamaz',
    dateNotPast: 'Tarih bugünden sonra olamaz',
    mustAccept: 'Devam etmek için onay vermeniz gerekir',
    differentPassword: 'Şifreler eşleşmiyor',
    differentEmail: 'E-posta adresleri eşleşmiyor',
    controlCharacter: 'İzin verilmeyen bir kontrol karakteri içeriyor',
  },
};

/** The values an issue puts into its message. */
export function accountRuleParams(issue: AccountRuleIssue): Record<string, number> {
  const { code: _code, ...params } = issue;
  return params;
}

/** The message of an issue in a language. */
export function accountRuleMessage(issue: AccountRuleIssue, language: ServerLanguage): string {
  const params = accountRuleParams(issue);
  return ACCOUNT_RULE_MESSAGES[language][issue.code].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Tab and line breaks: the only control characters a text may hold. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether `text` holds a C0 control character or DEL (tab and line breaks aside). The api refuses any such string in
 * any input (PostgreSQL refuses NUL outright, and no text it keeps may hold the others); the forms tell it on blur.
 */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return true;
  }
  return false;
}

/** Longer than any key of an account link the api issues (activation, password reset). */
export const ACCOUNT_KEY_MAX_LENGTH = 128;

/**
 * Whether `key1` and `key2` of an account link (activation, password reset) can be a pair the api issued: neither
 * empty, nor longer than any key, nor holding a control character. A link mangled on its way (a mail client, a copy)
 * is an invalid link, for the api and for the page, which says so without asking.
 */
export function wellFormedLinkKeys(key1: string, key2: string): boolean {
  return [key1, key2].every((key) => key !== '' && key.length <= ACCOUNT_KEY_MAX_LENGTH && !hasControlCharacter(key));
}

const controlIssue = (value: string): AccountRuleIssue | null =>
  hasControlCharacter(value) ? { code: 'controlCharacter' } : null;

/** A value that must be given: not blank. */
export function filledIssue(value: string): AccountRuleIssue | null {
  return value.trim() === '' ? { code: 'empty' } : null;
}

/** A required text (names, document number, a choice): not blank, at least two characters, at most `max`. */
export function textIssue(value: string, max = NAME_MAX_LENGTH): AccountRuleIssue | null {
  const text = value.trim();
  if (text === '') return { code: 'empty' };
  if (text.length < MIN_TEXT_LENGTH) return { code: 'minLength', min: MIN_TEXT_LENGTH };
  if (text.length > max) return { code: 'maxLength', max };
  return controlIssue(text);
}

/** An e-mail address (surrounding spaces ignored). */
export function emailIssue(value: string): AccountRuleIssue | null {
  const email = value.trim();
  if (email === '') return { code: 'empty' };
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) ? controlIssue(email) : { code: 'email' };
}

/** At least 8 characters from at least three of: uppercase, lowercase, digits, special characters (anything else). */
export function passwordIssue(value: string): AccountRuleIssue | null {
  if (value === '') return { code: 'empty' };
  if (value.length > PASSWORD_MAX_LENGTH) return { code: 'maxLength', max: PASSWORD_MAX_LENGTH };
  if (hasControlCharacter(value)) return { code: 'controlCharacter' };
  const kinds = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((pattern) => pattern.test(value)).length;
  return value.length >= PASSWORD_MIN_LENGTH && kinds >= 3 ? null : { code: 'passwordRules', min: PASSWORD_MIN_LENGTH };
}

/** A birth date: a real day, from 1900 on, not later than today. */
export function birthDateIssue(value: string, today: string = romeToday()): AccountRuleIssue | null {
  if (value === '') return { code: 'empty' };
  if (!isIsoDay(value)) return { code: 'date' };
  if (value < BIRTH_DATE_MIN) return { code: 'dateTooEarly', year: Number(BIRTH_DATE_MIN.slice(0, 4)) };
  return value > today ? { code: 'dateNotPast' } : null;
}

/** A consent that must be given (the privacy policy). */
export function acceptedIssue(accepted: boolean): AccountRuleIssue | null {
  return accepted ? null : { code: 'mustAccept' };
}

/** What is wrong with a value under a rule: its code and the values its message names (AccountRuleIssue, TravelIssue). */
export type RuleIssue = { readonly code: string } & Readonly<Record<string, string | number>>;

/** An issue as the message of a zod issue (account-schemas.ts, travel-details.ts), so it crosses zod and the api intact. */
export function ruleMessage(issue: RuleIssue): string {
  return JSON.stringify(issue);
}

/** The issue written by `ruleMessage`; null for any other message (zod's own, or a server's text). */
export function readRuleMessage(message: string): RuleIssue | null {
  if (!message.startsWith('{')) return null;
  try {
    const issue = JSON.parse(message) as RuleIssue;
    return typeof issue.code === 'string' ? issue : null;
  } catch {
    return null;
  }
}
