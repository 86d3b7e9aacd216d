import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { recoverPasswordSchema, toServerLanguage } from '@varco/contracts';
import { isClientError } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { FormProvider, TextField, useRuleForm } from '@varco/ui/form';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { useSendChangePasswordToken } from '../api/send-change-password-token';

/** docs/screens.md /recover-password: asks for a password-reset mail; errors show the server detail (docs/calls.md). */
export function RecoverPasswordPage() {
  const { t } = useTranslation(NS);
  const request = useSendChangePasswordToken();
  const form = useRuleForm(recoverPasswordSchema, { email: '' });

  const submit = form.handleSubmit(({ email }) =>
    request.mutate(
      { email: email.trim(), lan: toServerLanguage(currentLanguage()) },
      {
        onError: (error) => {
          const message = isClientError(error) ? error.extra.email : undefined;
          if (message) form.setError('email', { type: 'server', message });
        },
      },
    ),
  );

  return (
    <div className="container py-4">
      <h1>{t('recoverPassword.title')}</h1>
      <p className="lead">{t('recoverPassword.lead')}</p>
      {request.isSuccess ? (
        <div className="alert alert-success" role="status" data-testid="recover-sent">
          {t('recoverPassword.sent')}
        </div>
      ) : (
        <>
          {request.isError ? <ErrorAlert error={request.error} /> : null}
          <FormProvider {...form}>
            <form onSubmit={submit} noValidate className="mt-5" data-testid="recover-form">
              <TextField
                name="email"
                label={t('recoverPassword.email')}
                type="email"
                inputMode="email"
                required
                autoComplete="email"
              />
              <button type="submit" className="btn btn-primary" disabled={request.isPending}>
                {t('recoverPassword.submit')}
              </button>
            </form>
          </FormProvider>
        </>
      )}
      <p className="mt-4">
        <Link to="/sign-in">{t('recoverPassword.back')}</Link>
      </p>
    </div>
  );
}
