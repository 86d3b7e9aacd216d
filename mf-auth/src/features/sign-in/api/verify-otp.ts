import { useMutation } from '@tanstack/react-query';
import { HEADERS, PRIVATE_BASE, userInfoSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';

/**
 * Presents the OTP: the credentials session answers private calls only with a valid code in its header
 * (docs/architecture.md "The api"), so the first such call, the traveler's user-info, is the verification.
 */
export function verifyOtp(code: string) {
  return requestJson(`${PRIVATE_BASE}/traveler/user-info`, userInfoSchema, { headers: { [HEADERS.otp]: code } });
}

/**
 * The code is held (in memory) only while it is presented: a right one makes the session full on the server, which
 * needs it no more, so the session user is set (docs/domain.md) and the code forgotten.
 */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: (code: string) => {
      sessionStore.getState().setOtp(code, sessionStore.getState().otpExpiration);
      return verifyOtp(code);
    },
    onSuccess: (info) => sessionStore.getState().signIn(info),
    onError: (_error, code) => {
      const session = sessionStore.getState();
      if (session.otp === code) session.setOtp(null, session.otpExpiration);
    },
  });
}
