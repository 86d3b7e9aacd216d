import type { QueryClient } from '@tanstack/react-query';

/**
 * After a request is created, modified, deleted or analysed: its lists, details and the usable invoices are stale,
 * and so are the invoices (their states follow the request's). The lookups are not.
 */
export function invalidateVisaData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [area, kind] = query.queryKey;
      return (area === 'visa' && kind !== 'typology') || area === 'invoices';
    },
  });
}
