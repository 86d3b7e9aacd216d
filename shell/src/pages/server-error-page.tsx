import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** docs/calls.md: the page shown when the server cannot be reached. */
export function ServerErrorPage() {
  const { t } = useTranslation('common');
  return (
    <section className="container py-5 text-center" aria-labelledby="server-error-title">
      <h1 id="server-error-title">{t('serverError.title')}</h1>
      <p className="lead">{t('serverError.description')}</p>
      <Link className="btn btn-primary" to="/">
        {t('serverError.home')}
      </Link>
    </section>
  );
}
