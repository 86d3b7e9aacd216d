import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, captchaResponseSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

/** GET public/captcha: a new challenge, its token, a PNG image and a WAV reading, both base64 (docs/domain.md, docs/calls.md). */
export function getCaptcha() {
  return requestJson(`${PUBLIC_BASE}/captcha`, captchaResponseSchema);
}

/** A challenge is single-use: never kept once the form is gone; `refetch` gives a new one (the reload link). */
export function useCaptcha() {
  return useQuery({ queryKey: ['auth', 'captcha'], queryFn: getCaptcha, gcTime: 0, select: (data) => data.captcha });
}
