import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, captchaResponseSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

/** GET public/captcha: a new challenge, its token, a PNG image and a WAV reading, both base64 (docs/domain.md, docs/calls.md). */
export function getCaptcha() {
  return requestJson(`${PUBLIC_BASE}/captcha`, captchaResponseSchema);
}

/**
 * A challenge is single-use: never kept once the form is gone; `refetch` gives a new one (the reload link). Its reading
 * is in the page's language (the call's Accept-Language): another language asks for a new challenge, read in it.
 */
export function useCaptcha(language: string) {
  return useQuery({
    queryKey: ['auth', 'captcha', language],
    queryFn: getCaptcha,
    gcTime: 0,
    select: (data) => data.captcha,
  });
}
