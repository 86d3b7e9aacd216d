import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { wellFormedLinkKeys } from '@varco/contracts';
import { PageLoader } from '@varco/ui';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { useActivateTraveler } from '../api/activate-traveler';

function SuccessImage() {
  return (
    <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true" focusable="false" data-testid="activation-image">
      <circle cx="48" cy="48" r="44" fill="#008055" />
      <path
        d="M28 50l13 13 27-29"
        fill="none"
        stroke="#fff"
        strokeWidth="8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** docs/screens.md activation screen: a spinner, then a success image, a message and a sign-in button, or the server detail. */
export function ActivationView({ key1, key2 }: { key1: string; key2: string }) {
  const { t } = useTranslation(NS);
  // A link whose keys no link can have (mangled on its way) is invalid without a call.
  const wellFormed = wellFormedLinkKeys(key1, key2);
  const activation = useActivateTraveler(key1, key2, wellFormed);

  if (wellFormed && activation.isPending) return <PageLoader label={t('activation.loading')} />;
  if (!wellFormed || activation.isError) {
    return (
      <div data-testid="activation-error">
        <ErrorAlert
          error={wellFormed ? activation.error : undefined}
          fallback={t(wellFormed ? 'activation.error' : 'activation.invalidLink')}
        />
        <Link to="/" className="btn btn-outline-primary">
          {t('activation.home')}
        </Link>
      </div>
    );
  }
  return (
    <div className="text-center py-4" data-testid="activation-success" role="status">
      <SuccessImage />
      <h2 className="h3 mt-3">{t('activation.successTitle')}</h2>
      <p>{t('activation.success')}</p>
      <Link to="/sign-in" className="btn btn-primary">
        {t('activation.signIn')}
      </Link>
    </div>
  );
}
