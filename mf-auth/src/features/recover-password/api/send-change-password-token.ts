import { useMutation } from '@tanstack/react-query';
import { PUBLIC_BASE, recoverPasswordBodySchema } from '@varco/contracts';
import { requestVoid } from '@varco/http';

export type RecoverPasswordBody = ReturnType<typeof recoverPasswordBodySchema.parse>;

/** POST public/traveler/send-change-pwd-token: mails a link to set a new password (docs/calls.md). */
export function sendChangePasswordToken(body: RecoverPasswordBody) {
  return requestVoid(`${PUBLIC_BASE}/traveler/send-change-pwd-token`, { method: 'POST', json: body });
}

export function useSendChangePasswordToken() {
  return useMutation({ mutationFn: sendChangePasswordToken });
}
