import { useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, userInfoSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

/** GET private/traveler/user-info: the signed-in traveler's profile (docs/calls.md). */
export function getUserInfo() {
  return requestJson(`${PRIVATE_BASE}/traveler/user-info`, userInfoSchema);
}

export function useUserInfo() {
  return useQuery({
    queryKey: ['auth', 'user-info'],
    queryFn: getUserInfo,
  });
}
