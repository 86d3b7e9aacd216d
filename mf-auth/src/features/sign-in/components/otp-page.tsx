import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isClientError } from '@varco/http';
import { useSession } from '@varco/session';
import { otpSchema } from '@varco/contracts';
import { FormProvider, TextField, useRuleForm } from '@varco/ui/form';
import { ErrorAlert } from '../../../components/error-alert';
import { NS } from '../../../i18n/namespace';
import { useSendOtp } from '../api/send-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { formatMinutesSeconds, useCountdown } from '../hooks/use-countdown';

function isStillValid(expiration: string | null): boolean {
  return Boolean(expiration && Date.parse(expiration) > Date.now());
}

/**
 * docs/screens.md /sign-in/otp: the one-time code, its validity as a mm:ss countdown, and a resend once it expires. A resend is
 * also offered when sending failed and when the api refused the code (401): after too many wrong codes even the right
 * one is refused, and a new code, with its own attempts, is the only way on. The api's answer does not tell a locked
 * code from a wrong one (both 401, the detail says which), and its limit is its own (OTP_MAX_ATTEMPTS), so the page
 * does not count the tries.
 */
export function OtpPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const otpExpiration = useSession((state) => state.otpExpiration);
  const remaining = useCountdown(otpExpiration);
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const form = useRuleForm(otpSchema, { code: '' });
  const { mutate: send } = sendOtp;
  const { reset: forgetRefusal } = verifyOtp;

  // A code is sent when the page opens, unless one sent before (this page reloaded) is still valid.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!isStillValid(otpExpiration)) send();
  }, [otpExpiration, send]);

  const submit = form.handleSubmit(({ code }) =>
    verifyOtp.mutate(code.trim(), { onSuccess: () => navigate('/protected', { replace: true }) }),
  );
  const expired = remaining === 0;
  const codeRefused = isClientError(verifyOtp.error) && verifyOtp.error.status === 401;
  // The refusal was about the code before: a new one starts clean.
  const sendAgain = () =>
    send(undefined, {
      onSuccess: () => {
        forgetRefusal();
        form.reset({ code: '' });
      },
    });

  return (
    <div className="container py-4">
      <h1>{t('otp.title')}</h1>
      <p className="lead">{t('otp.lead')}</p>
      <div data-testid="otp-status">
        {/* Announced: the code sent, and its expiry with the resend offer; the countdown is read when reached, not
            every second. */}
        <div aria-live="polite" data-testid="otp-announced">
          {sendOtp.isSuccess && !expired ? <p className="text-success">{t('otp.sendSuccess')}</p> : null}
          {expired ? <p className="fw-semibold">{t('otp.expired')}</p> : null}
        </div>
        {remaining !== null && !expired ? <p>{t('otp.expiresIn', { time: formatMinutesSeconds(remaining) })}</p> : null}
      </div>
      {sendOtp.isError ? <ErrorAlert error={sendOtp.error} fallback={t('otp.sendError')} /> : null}
      {verifyOtp.isError ? <ErrorAlert error={verifyOtp.error} fallback={t('otp.incorrect')} /> : null}
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate className="mt-5" data-testid="otp-form">
          <TextField name="code" label={t('otp.code')} required autoComplete="one-time-code" inputMode="numeric" />
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={verifyOtp.isPending || expired}>
              {t('otp.submit')}
            </button>
            {expired || sendOtp.isError || codeRefused ? (
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={sendAgain}
                disabled={sendOtp.isPending}
              >
                {t('otp.resend')}
              </button>
            ) : null}
          </div>
        </form>
      </FormProvider>
      <p className="mt-4">
        <Link to="/sign-in">{t('otp.back')}</Link>
      </p>
    </div>
  );
}
