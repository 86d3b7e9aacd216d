import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PasskeyErrorAlert } from '../../../components/passkey-error-alert';
import { NS } from '../../../i18n/namespace';
import { cancelPasskeyCeremony, isPasskeyBrowserError, supportsPasskeyAutofill } from '../../../lib/webauthn';
import { usePasskeySignIn } from '../api/verify-passkey';

/**
 * "Sign in with a passkey": one step into a full session, no mailed code. Where the browser offers passkeys
 * in the autofill of the e-mail field (`autocomplete="username webauthn"`), a conditional request waits there from
 * the start; the button asks at once. Either way a success opens the traveler's home.
 */
export function PasskeySignIn() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const button = usePasskeySignIn();
  const autofill = usePasskeySignIn();
  const { mutate: startAutofill } = autofill;

  useEffect(() => {
    let active = true;
    let started = false;
    void supportsPasskeyAutofill().then((available) => {
      if (!available || !active) return;
      started = true;
      startAutofill({ autofill: true }, { onSuccess: () => navigate('/protected', { replace: true }) });
    });
    return () => {
      active = false;
      // Only a request this page started is ended (which needs the library): leaving otherwise loads nothing.
      if (started) void cancelPasskeyCeremony();
    };
  }, [startAutofill, navigate]);

  // The autofill request ends as "cancelled" whenever the button starts its own ceremony: only a real refusal is told.
  const autofillError =
    autofill.isError && !(isPasskeyBrowserError(autofill.error) && autofill.error.reason === 'cancelled')
      ? autofill.error
      : null;
  const error = button.isError ? button.error : autofillError;

  return (
    <div className="mt-4 pt-4 border-top" data-testid="passkey-sign-in">
      <p className="mb-2">{t('signIn.passkeyText')}</p>
      {error ? <PasskeyErrorAlert error={error} /> : null}
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={button.isPending}
        onClick={() => button.mutate({}, { onSuccess: () => navigate('/protected', { replace: true }) })}
      >
        {t('signIn.passkeyButton')}
      </button>
    </div>
  );
}
