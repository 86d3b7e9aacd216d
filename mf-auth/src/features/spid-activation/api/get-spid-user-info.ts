import { useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, userInfoSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

/** GET private/traveler/user-info: what the digital identity provider told about the traveler (docs/domain.md completion). */
export function getSpidUserInfo() {
  return requestJson(`${PRIVATE_BASE}/traveler/user-info`, userInfoSchema);
}

export function useSpidUserInfo() {
  return useQuery({ queryKey: ['auth', 'spid-user-info'], queryFn: getSpidUserInfo, gcTime: 0 });
}
