import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, activationQuerySchema } from '@varco/contracts';
import { requestVoid } from '@varco/http';

/** GET public/traveler/activate?key1&key2: activates the account of the link in the registration mail (docs/calls.md). */
export function activateTraveler(key1: string, key2: string) {
  return requestVoid(`${PUBLIC_BASE}/traveler/activate`, { searchParams: activationQuerySchema.parse({ key1, key2 }) });
}

/** Asked only for keys a link can hold (`enabled`): a mangled link is invalid without a call. */
export function useActivateTraveler(key1: string, key2: string, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'activate', key1, key2],
    enabled,
    // A query answers undefined badly: keep a marker of success.
    queryFn: async () => {
      await activateTraveler(key1, key2);
      return true;
    },
    // The keys are single-use: never answered from a cache.
    gcTime: 0,
  });
}
