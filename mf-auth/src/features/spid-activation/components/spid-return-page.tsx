import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isSignedIn, sessionStore } from '@varco/session';
import { PageLoader } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useSpidUserInfo } from '../api/get-spid-user-info';

/**
 * docs/screens.md /sign-in/spid: where the digital identity sign-in comes back with a session cookie. The browser's session
 * holds no user then (signing out cleared it, and a fresh browser never had one), so the traveler's user-info is read
 * into it before the home page opens; a traveler with no travel document yet completes the registration first. A
 * reload does the same again; a session the api does not know back sends the traveler to sign in.
 */
export function SpidReturnPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const info = useSpidUserInfo();

  useEffect(() => {
    if (info.isSuccess) {
      if (isSignedIn(info.data)) {
        sessionStore.getState().signIn(info.data);
        navigate('/protected', { replace: true });
      } else {
        navigate('/sign-in/spid/activate', { replace: true });
      }
    } else if (info.isError) {
      navigate('/sign-in?error=spid', { replace: true });
    }
  }, [info.isSuccess, info.isError, info.data, navigate]);

  return (
    <div className="container py-4">
      <h1 className="visually-hidden">{t('spidReturn.title')}</h1>
      <PageLoader label={t('spidReturn.loading')} />
    </div>
  );
}
