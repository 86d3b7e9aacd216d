import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@varco/ui/query-client';

/** The one query client of the page, created with the first remote that mounts. */
const queryClient = createQueryClient();

/**
 * What remotes need from the page and the shell's own pages do not: the query client and the configured http
 * client. Loaded with the first remote, which keeps a first visit of / small.
 */
export default function RemoteProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
