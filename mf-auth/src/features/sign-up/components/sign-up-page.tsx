import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@varco/contracts';
import { TextField } from '../../../components/text-field';
import { useForm } from '../../../hooks/use-form';
import { NS } from '../../../i18n/namespace';
import { minTextLength, notEmpty, validEmail } from '../../../lib/validation';

/**
 * SPEC §2 /sign-up, the registration form: the password rules, the disclaimer, and the fields, checked on blur
 * (SPEC §5). The rest of the form (birthday, country and zone, document, confirmations, password, privacy,
 * captcha) and the Confirm button follow with the registration call.
 */
export function SignUpPage() {
  const { t } = useTranslation(NS);
  const form = useForm(
    { name: '', surname: '', email: '' },
    { name: [notEmpty, minTextLength], surname: [notEmpty, minTextLength], email: [notEmpty, validEmail] },
  );

  return (
    <div className="container py-4">
      <h1>{t('signUp.title')}</h1>
      <p className="lead">{t('signUp.lead')}</p>
      <div className="callout note" data-testid="password-rules">
        <div className="callout-title">{t('signUp.passwordRulesTitle')}</div>
        <p className="mb-0">{t('signUp.passwordRules', { length: PASSWORD_MIN_LENGTH })}</p>
      </div>
      <p className="small" data-testid="disclaimer">
        {t('signUp.disclaimer')}
      </p>
      <form noValidate onSubmit={(event) => event.preventDefault()} aria-labelledby="sign-up-personal-title" data-testid="sign-up-form">
        <h2 className="h4" id="sign-up-personal-title">
          {t('signUp.personalTitle')}
        </h2>
        <p className="small mb-4">{t('form.requiredLegend')}</p>
        <div className="row">
          <div className="col-md-6">
            <TextField {...form.field('name')} label={t('signUp.name')} required autoComplete="given-name" />
          </div>
          <div className="col-md-6">
            <TextField {...form.field('surname')} label={t('signUp.surname')} required autoComplete="family-name" />
          </div>
        </div>
        <TextField {...form.field('email')} label={t('signUp.email')} type="email" inputMode="email" required autoComplete="email" />
        <Link to="/" className="btn btn-outline-secondary">
          {t('signUp.abort')}
        </Link>
      </form>
    </div>
  );
}
