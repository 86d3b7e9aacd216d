import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { signInSchema } from '@varco/contracts';
import { FormProvider, TextField, useRuleForm } from '@varco/ui/form';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { AccountDeletedNotice } from '../../profile';
import { useLoginCustom } from '../api/login-custom';
import { loginSpidUrl } from '../api/login-spid';
import { PasskeySignIn } from './passkey-sign-in';

/** docs/screens.md /sign-in: credentials (then the OTP step) or the national digital identity by full-page redirect. */
export function SignInPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const login = useLoginCustom();
  // The api sends the browser back here with ?error=spid when the identity provider's sign-in did not complete.
  const spidFailed = useSearchParams()[0].get('error') === 'spid';
  const form = useRuleForm(signInSchema, { username: '', password: '' });

  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess: () => navigate('/sign-in/otp') }));

  return (
    <div className="container py-4">
      <h1>{t('signIn.title')}</h1>
      <AccountDeletedNotice />
      <p className="lead">{t('signIn.lead')}</p>
      <div className="row g-4">
        <CardSection id="sign-in-credentials" title={t('signIn.credentialsTitle')}>
          <p className="small mb-4">{t('form.requiredLegend')}</p>
          {login.isError ? <ErrorAlert error={login.error} fallback={t('signIn.wrongCredentials')} /> : null}
          <FormProvider {...form}>
            <form onSubmit={submit} noValidate className="mt-5" data-testid="sign-in-form">
              <TextField
                name="username"
                label={t('signIn.email')}
                type="email"
                inputMode="email"
                required
                autoComplete="username webauthn"
              />
              <TextField
                name="password"
                label={t('signIn.password')}
                type="password"
                required
                autoComplete="current-password"
              />
              <button type="submit" className="btn btn-primary" disabled={login.isPending}>
                {t('signIn.submit')}
              </button>
            </form>
          </FormProvider>
          <ul className="list-unstyled mt-3 mb-0">
            <li>
              <Link to="/recover-password">{t('signIn.forgotPassword')}</Link>
            </li>
            <li>
              {t('signIn.noAccount')} <Link to="/sign-up">{t('signIn.signUp')}</Link>
            </li>
          </ul>
          <PasskeySignIn />
        </CardSection>
        <CardSection id="sign-in-spid" title={t('signIn.spidTitle')}>
          <p>{t('signIn.spidText')}</p>
          {spidFailed ? (
            <div className="alert alert-danger" role="alert" data-testid="spid-error">
              {t('signIn.spidFailed')}
            </div>
          ) : null}
          <a className="btn btn-outline-primary" href={loginSpidUrl()} data-testid="spid-link">
            {t('signIn.spidButton')}
          </a>
        </CardSection>
      </div>
    </div>
  );
}

/** One of the two ways in, as a card under its heading. */
function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="col-lg-6" aria-labelledby={`${id}-title`}>
      <div className="card-wrapper">
        <div className="card card-bg p-4">
          <h2 className="h4" id={`${id}-title`}>
            {title}
          </h2>
          {children}
        </div>
      </div>
    </section>
  );
}
