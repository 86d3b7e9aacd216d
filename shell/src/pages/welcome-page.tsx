import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { pageTitleProps } from '@varco/ui';
import { preloadWhenIdle } from '../federation/preload';

export function WelcomePage() {
  const { t } = useTranslation('common');
  // The next screen of a visitor is most likely the sign-in form: fetched while they read, not when they click.
  useEffect(() => preloadWhenIdle(['mfAuth']), []);
  return (
    <section className="container py-5" aria-labelledby="welcome-title">
      <h1 id="welcome-title" {...pageTitleProps(t('welcome.pageTitle'))}>
        {t('welcome.title')}
      </h1>
      <p className="lead">{t('welcome.lead')}</p>
      <ol className="varco-steps">
        <li>{t('welcome.step1')}</li>
        <li>{t('welcome.step2')}</li>
        <li>{t('welcome.step3')}</li>
      </ol>
      <div className="d-flex flex-wrap gap-3 mt-4">
        <Link className="btn btn-primary" to="/sign-in">
          {t('welcome.signIn')}
        </Link>
        <Link className="btn btn-outline-primary" to="/howto">
          {t('welcome.howto')}
        </Link>
      </div>
    </section>
  );
}
