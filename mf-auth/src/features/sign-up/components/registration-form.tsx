import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BIRTH_DATE_MIN,
  PASSWORD_MIN_LENGTH,
  registrationSchema,
  romeToday,
  ruleMessage,
  toServerLanguage,
  type RegistrationPayload,
  type RegistrationValues,
} from '@varco/contracts';
import { FormProvider, PasswordField, TextField, useRuleForm } from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';
import { useCaptcha } from '../api/get-captcha';
import { useRegisterTraveler } from '../api/register-traveler';
import { useServerFieldIssues } from '../hooks/use-server-field-issues';
import { AccountFields, AccountFormActions } from './account-fields';
import { CaptchaField } from './captcha-field';
import {
  EMPTY_RESIDENCE_DOCUMENT,
  RESIDENCE_DOCUMENT_FIELD_OF_EXTRA,
  ResidenceDocumentFields,
  toResidenceDocumentPayload,
} from './residence-document-fields';
import { ServerErrors } from './server-errors';

export type { RegistrationValues };

/** The registration form fields of docs/domain.md, their rules in @varco/contracts (registrationSchema). */
export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  surname: '',
  birthday: '',
  ...EMPTY_RESIDENCE_DOCUMENT,
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
  privacy: false,
  captcha: '',
};

/** Where the server's per-field messages (docs/calls.md, keyed by payload field) go on the form. */
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
    privacy: values.privacy,
    nome: values.name.trim(),
    cognome: values.surname.trim(),
    secret: values.password,
    dataNascita: values.birthday,
    ...toResidenceDocumentPayload(values),
  };
}

interface RegistrationFormProps {
  initialValues: RegistrationValues;
  /** The registration was accepted: the check-your-mail step follows (docs/domain.md). */
  onRegistered: (values: RegistrationValues) => void;
  /** Shown above the form when the traveler came back to send the mail again. */
  resending?: boolean;
}

/** docs/screens.md registration form, docs/domain.md its rules, docs/calls.md the registration call, docs/calls.md its errors. */
export function RegistrationForm({ initialValues, onRegistered, resending = false }: RegistrationFormProps) {
  const { t, i18n } = useTranslation(NS);
  const form = useRuleForm(registrationSchema, initialValues);
  const showServerIssues = useServerFieldIssues(form, FIELD_OF_EXTRA);

  const captcha = useCaptcha(i18n.language);
  const register = useRegisterTraveler();
  // The challenge of another language is a new one: the code of the old picture is typed again.
  const captchaLanguage = useRef(i18n.language);
  useEffect(() => {
    if (captchaLanguage.current === i18n.language) return;
    captchaLanguage.current = i18n.language;
    form.resetField('captcha', { defaultValue: '' });
  }, [i18n.language, form]);

  const errorsRef = useRef<HTMLDivElement>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  useEffect(() => {
    if (register.isError) errorsRef.current?.focus();
  }, [register.isError, register.error]);

  /** A new captcha, its code typed again. */
  const reloadCaptcha = () => {
    form.resetField('captcha', { defaultValue: '' });
    void captcha.refetch();
  };

  const submit = form.handleSubmit((valid) => {
    const token = captcha.data?.token;
    if (!token) {
      form.setError('captcha', { type: 'rule', message: ruleMessage({ code: 'empty' }) }, { shouldFocus: true });
      return;
    }
    register.mutate(
      { payload: toPayload(valid, i18n.language), captcha: { value: valid.captcha.trim(), token } },
      {
        onSuccess: () => onRegistered(valid),
        onError: (error) => {
          // docs/calls.md: after a registration error the captcha reloads, its code typed again.
          reloadCaptcha();
          setUnplaced(showServerIssues(error));
        },
      },
    );
  });

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
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={submit}
          aria-labelledby="sign-up-personal-title"
          data-testid="sign-up-form"
          className="mt-4"
        >
          <h2 className="h4" id="sign-up-personal-title">
            {t('signUp.personalTitle')}
          </h2>
          <p className="small mb-5">{t('form.requiredLegend')}</p>
          <div className="row">
            <div className="col-md-6">
              <TextField name="name" label={t('signUp.name')} required autoComplete="given-name" />
            </div>
            <div className="col-md-6">
              <TextField name="surname" label={t('signUp.surname')} required autoComplete="family-name" />
            </div>
            <div className="col-md-6">
              <TextField
                name="birthday"
                label={t('signUp.birthday')}
                type="date"
                min={BIRTH_DATE_MIN}
                max={romeToday()}
                required
                autoComplete="bday"
              />
            </div>
          </div>
          <ResidenceDocumentFields />

          <AccountFields>
            <div className="col-md-6">
              <PasswordField name="password" label={t('signUp.password')} required autoComplete="new-password" />
            </div>
            <div className="col-md-6">
              <PasswordField
                name="confirmPassword"
                label={t('signUp.confirmPassword')}
                required
                autoComplete="new-password"
              />
            </div>
          </AccountFields>

          <CaptchaField
            captcha={captcha.data}
            loading={captcha.isFetching}
            error={captcha.isError ? captcha.error : null}
            onReload={reloadCaptcha}
          />

          <AccountFormActions sending={register.isPending} />
        </form>
      </FormProvider>
    </>
  );
}
