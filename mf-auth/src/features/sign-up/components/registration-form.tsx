import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  acceptedIssue,
  BIRTH_DATE_MIN,
  birthDateIssue,
  emailIssue,
  PASSWORD_MIN_LENGTH,
  passwordIssue,
  romeToday,
  textIssue,
  toServerLanguage,
  type RegistrationPayload,
} from '@varco/contracts';
import { isClientError } from '@varco/http';
import { CheckboxField } from '../../../components/checkbox-field';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { useForm, type FormRules } from '../../../hooks/use-form';
import { NS } from '../../../i18n/namespace';
import { accountRule, minTextLength, notEmpty, sameAs, sameEmailAs, validEmail, type ValidationIssue } from '../../../lib/validation';
import { useCaptcha } from '../api/get-captcha';
import { useRegisterTraveler } from '../api/register-traveler';
import { CaptchaField } from './captcha-field';
import { RESIDENCE_DOCUMENT_FIELD_OF_EXTRA, RESIDENCE_DOCUMENT_RULES, ResidenceDocumentFields, toResidenceDocumentPayload } from './residence-document-fields';
import { ServerErrors } from './server-errors';

/** The registration form fields of SPEC §3; privacy is 'true' when ticked. */
export interface RegistrationValues extends Record<string, string> {
  name: string;
  surname: string;
  birthday: string;
  country: string;
  countryZone: string;
  documentType: string;
  documentCountry: string;
  documentNumber: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
  privacy: string;
  captcha: string;
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  surname: '',
  birthday: '',
  country: '',
  countryZone: '',
  documentType: '',
  documentCountry: '',
  documentNumber: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
  privacy: '',
  captcha: '',
};

/**
 * The registration's rules: each field the api checks is checked here with the api's own rule (`@varco/contracts`), so
 * the message on blur is the one the api would answer; the confirmations and the captcha are the form's.
 */
const RULES: FormRules<RegistrationValues> = {
  name: [accountRule((value) => textIssue(value))],
  surname: [accountRule((value) => textIssue(value))],
  birthday: [accountRule((value) => birthDateIssue(value))],
  ...RESIDENCE_DOCUMENT_RULES,
  email: [accountRule(emailIssue)],
  confirmEmail: [notEmpty, validEmail, sameEmailAs<RegistrationValues>('email')],
  password: [accountRule(passwordIssue)],
  confirmPassword: [notEmpty, sameAs<RegistrationValues>('password')],
  privacy: [accountRule((value) => acceptedIssue(value === 'true'))],
  captcha: [notEmpty, minTextLength],
};

/** Where the server's per-field messages (SPEC §8, keyed by payload field) go on the form. */
const FIELD_OF_EXTRA: Readonly<Record<string, keyof RegistrationValues>> = {
  nome: 'name',
  cognome: 'surname',
  email: 'email',
  dataNascita: 'birthday',
  ...RESIDENCE_DOCUMENT_FIELD_OF_EXTRA,
  privacy: 'privacy',
  secret: 'password',
};

export function toPayload(values: RegistrationValues, language: string): RegistrationPayload {
  return {
    lan: toServerLanguage(language),
    email: values.email.trim(),
    privacy: values.privacy === 'true',
    nome: values.name.trim(),
    cognome: values.surname.trim(),
    secret: values.password,
    dataNascita: values.birthday,
    ...toResidenceDocumentPayload(values),
  };
}

interface RegistrationFormProps {
  initialValues: RegistrationValues;
  /** The registration was accepted: the check-your-mail step follows (SPEC §4). */
  onRegistered: (values: RegistrationValues) => void;
  /** Shown above the form when the traveler came back to send the mail again. */
  resending?: boolean;
}

/** SPEC §2 registration form, §5 its rules, §7 the registration call, §8 its errors. */
export function RegistrationForm({ initialValues, onRegistered, resending = false }: RegistrationFormProps) {
  const { t, i18n } = useTranslation(NS);
  const form = useForm(initialValues, RULES);
  const { setFieldValues, showIssues } = form;

  const captcha = useCaptcha();
  const register = useRegisterTraveler();

  const errorsRef = useRef<HTMLDivElement>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  useEffect(() => {
    if (register.isError) errorsRef.current?.focus();
  }, [register.isError, register.error]);

  const submit = form.handleSubmit((valid) => {
    const token = captcha.data?.token;
    if (!token) {
      showIssues({ captcha: { code: 'empty' } });
      return;
    }
    register.mutate(
      { payload: toPayload(valid, i18n.language), captcha: { value: valid.captcha.trim(), token } },
      {
        onSuccess: () => onRegistered(valid),
        onError: (error) => {
          const extra = isClientError(error) ? error.extra : {};
          const found: Partial<Record<keyof RegistrationValues, ValidationIssue>> = {};
          const elsewhere: string[] = [];
          for (const [key, message] of Object.entries(extra)) {
            if (key === 'generic' || !message) continue;
            const field = FIELD_OF_EXTRA[key];
            if (field) found[field] = { code: 'server', message, usernameNote: key === 'email' };
            else elsewhere.push(message);
          }
          setUnplaced(elsewhere);
          // SPEC §7, §8: after a registration error the captcha reloads, its code typed again.
          setFieldValues({ captcha: '' });
          showIssues(found);
          void captcha.refetch();
        },
      },
    );
  });

  const reloadCaptcha = () => {
    setFieldValues({ captcha: '' });
    void captcha.refetch();
  };

  return (
    <>
      <div className="callout note" data-testid="password-rules">
        <div className="callout-title">{t('signUp.passwordRulesTitle')}</div>
        <p className="mb-0">{t('signUp.passwordRules', { length: PASSWORD_MIN_LENGTH })}</p>
      </div>
      <p className="small" data-testid="disclaimer">
        {t('signUp.disclaimer')}
      </p>
      {resending ? (
        <div className="alert alert-info" role="status" data-testid="resend-notice">
          {t('signUp.resendNotice')}
        </div>
      ) : null}
      {register.isError ? <ServerErrors ref={errorsRef} error={register.error} unplaced={unplaced} /> : null}
      <form noValidate onSubmit={submit} aria-labelledby="sign-up-personal-title" data-testid="sign-up-form" className="mt-4">
        <h2 className="h4" id="sign-up-personal-title">
          {t('signUp.personalTitle')}
        </h2>
        <p className="small mb-5">{t('form.requiredLegend')}</p>
        <div className="row">
          <div className="col-md-6">
            <TextField {...form.field('name')} label={t('signUp.name')} required autoComplete="given-name" />
          </div>
          <div className="col-md-6">
            <TextField {...form.field('surname')} label={t('signUp.surname')} required autoComplete="family-name" />
          </div>
          <div className="col-md-6">
            <TextField {...form.field('birthday')} label={t('signUp.birthday')} type="date" min={BIRTH_DATE_MIN} max={romeToday()} required autoComplete="bday" />
          </div>
        </div>
        <ResidenceDocumentFields form={form} />

        <h2 className="h4 mt-3 mb-5">{t('signUp.accountTitle')}</h2>
        <div className="row">
          <div className="col-md-6">
            <TextField {...form.field('email')} label={t('signUp.email')} type="email" inputMode="email" required autoComplete="email" />
          </div>
          <div className="col-md-6">
            <TextField {...form.field('confirmEmail')} label={t('signUp.confirmEmail')} type="email" inputMode="email" required autoComplete="email" />
          </div>
          <div className="col-md-6">
            <PasswordField {...form.field('password')} label={t('signUp.password')} required autoComplete="new-password" />
          </div>
          <div className="col-md-6">
            <PasswordField {...form.field('confirmPassword')} label={t('signUp.confirmPassword')} required autoComplete="new-password" />
          </div>
        </div>

        <CheckboxField {...form.field('privacy')} label={t('signUp.privacy')} required />
        <p className="small mt-n3 mb-4">
          <a href={t('signUp.privacyUrl')} target="_blank" rel="noreferrer">
            {t('signUp.privacyLink')}
          </a>
        </p>

        <CaptchaField binding={form.field('captcha')} captcha={captcha.data} loading={captcha.isFetching} error={captcha.isError ? captcha.error : null} onReload={reloadCaptcha} />

        <div className="d-flex flex-wrap gap-3">
          <Link to="/" className="btn btn-outline-secondary">
            {t('signUp.abort')}
          </Link>
          <button type="submit" className="btn btn-primary" disabled={register.isPending}>
            {t('signUp.confirm')}
          </button>
        </div>
      </form>
    </>
  );
}
