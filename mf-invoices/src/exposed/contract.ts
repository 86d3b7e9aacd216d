// Ties this remote's build to @varco/federation-contract: its exposes (exposes.json, which webpack builds) name exactly
// its modules of ExposedModules, and each exposed file's default export takes their props. A
// disagreement fails the type check (`npm run typecheck --workspace @varco/mf-invoices`), before anything is published.
import type { ExposesMatchContract, RemoteImplementation } from '@varco/federation-contract';
import type exposes from '../../exposes.json';
import * as LatestInvoices from './latest-invoices';
import * as Routes from './routes';

export const implementation = {
  './routes': Routes,
  './LatestInvoices': LatestInvoices,
} satisfies RemoteImplementation<'mfInvoices'>;

export const exposesMatchContract: ExposesMatchContract<typeof exposes, 'mfInvoices'> = true;
