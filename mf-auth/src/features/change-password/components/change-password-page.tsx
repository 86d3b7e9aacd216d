import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema, PASSWORD_MIN_LENGTH, wellFormedLinkKeys, type ClientError } from '@varco/contracts';
import { isClientError } from '@varco/http';
import { useSession } from '@varco/session';
import { PageLoader } from '@varco/ui';
import { FormProvider, PasswordField, useRuleForm } from '@varco/ui/form';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { useChangePassword } from '../api/change-password';
import { useValidateResetKey } from '../api/validate-reset-key';

/** docs/screens.md /change-password?key1&key2: without both keys there is nothing to do here (docs/calls.md: go home). */
export function ChangePasswordPage() {
  const [params] = useSearchParams();
  const key1 = params.get('key1');
  const key2 = params.get('key2');
  if (!key1 || !key2) return <Navigate to="/" replace />;
  return <ChangePasswordScreen key1={key1} key2={key2} />;
}

function ChangePasswordScreen({ key1, key2 }: { key1: string; key2: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const setError = useSession((state) => state.setError);
  const wellFormed = wellFormedLinkKeys(key1, key2);
  const keyCheck = useValidateResetKey(key1, key2, wellFormed);
  const invalidKey = !wellFormed || keyCheck.isError || (keyCheck.isSuccess && !keyCheck.data.valid);

  // docs/calls.md: an invalid or failed key check shows an error with the server detail and goes home; a link whose
  // keys no link can have is invalid without a check.
  useEffect(() => {
    if (!invalidKey) return;
    const serverError =
      wellFormed && isClientError(keyCheck.error) && keyCheck.error.detail ? keyCheck.error : undefined;
    const shown: ClientError = serverError ?? {
      status: 0,
      detail: t('changePassword.invalidKey'),
      extra: {},
      type: 'http-error',
    };
    setError(shown);
    navigate('/', { replace: true });
  }, [invalidKey, wellFormed, keyCheck.error, navigate, setError, t]);

  return (
    <div className="container py-4">
      <h1>{t('changePassword.title')}</h1>
      {keyCheck.isSuccess && keyCheck.data.valid ? <NewPasswordForm key1={key1} key2={key2} /> : <PageLoader />}
    </div>
  );
}

function NewPasswordForm({ key1, key2 }: { key1: string; key2: string }) {
  const { t } = useTranslation(NS);
  const change = useChangePassword();
  // The registration's password rule: the api refuses anything else with the same message.
  const form = useRuleForm(newPasswordSchema, { password: '', confirmPassword: '' });

  if (change.isSuccess)
    return (
      <div className="alert alert-success" role="status" data-testid="password-changed">
        <p>{t('changePassword.success')}</p>
        <Link to="/sign-in" className="btn btn-primary">
          {t('changePassword.signIn')}
        </Link>
      </div>
    );

  const submit = form.handleSubmit(({ password }) =>
    change.mutate(
      { key1, key2, body: { newPwd: password } },
      {
        // The api's message about the password goes on the password field.
        onError: (error) => {
          const message = isClientError(error) ? error.extra.newPwd : undefined;
          if (message) form.setError('password', { type: 'server', message });
        },
      },
    ),
  );
  return (
    <>
      <p className="lead">{t('changePassword.lead')}</p>
      {change.isError ? <ErrorAlert error={change.error} /> : null}
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate className="mt-5" data-testid="change-password-form">
          <PasswordField
            name="password"
            label={t('changePassword.password')}
            required
            autoComplete="new-password"
            hint={t('changePassword.passwordHint', { length: PASSWORD_MIN_LENGTH })}
          />
          <PasswordField
            name="confirmPassword"
            label={t('changePassword.confirmPassword')}
            required
            autoComplete="new-password"
          />
          <button type="submit" className="btn btn-primary" disabled={change.isPending}>
            {t('changePassword.submit')}
          </button>
        </form>
      </FormProvider>
    </>
  );
}
