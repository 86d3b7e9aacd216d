import { useMutation } from '@tanstack/react-query';
import { PRIVATE_BASE, sendOtpResponseSchema, toServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { useSession } from '@varco/session';

/** POST private/traveler/send-otp: sends the one-time code; answers when it stops being valid. */
export function sendOtp() {
  return requestJson(`${PRIVATE_BASE}/traveler/send-otp`, sendOtpResponseSchema, {
    method: 'POST',
    searchParams: { language: toServerLanguage(currentLanguage()) },
  });
}

/** Sends (or sends again) the code and keeps its expiry in the session, for the countdown. */
export function useSendOtp() {
  const setOtp = useSession((state) => state.setOtp);
  return useMutation({
    mutationFn: sendOtp,
    onSuccess: ({ expirationDate }) => setOtp(null, expirationDate),
  });
}
