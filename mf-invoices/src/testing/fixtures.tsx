import type { Claim } from '@varco/contracts/claims';
import type { Language } from '@varco/contracts';
import { renderMounted, TEST_TRAVELER } from '@varco/ui/testing';
import InvoicesRoutes from '../exposed/routes';

/** Renders the routes of this remote where the shell mounts them, signed in. */
export function renderRoutes(route: string, language: Language = 'en_US') {
  return renderMounted('/protected/invoice/*', <InvoicesRoutes />, { route, user: TEST_TRAVELER, language });
}

/** A claim as the api answers it: open, about a missing invoice; the overrides say what a test is about. */
export function aClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 7,
    code: 'CL-2026-K7M2Q9XD',
    kind: 'MISSING',
    state: 'OPEN',
    vendorName: 'Boutique Milano S.r.l.',
    invoiceNumber: 'BM-0419/2026',
    issueDate: '2026-03-02',
    totalAmount: 640,
    problem: null,
    note: null,
    invoiceId: null,
    createdAt: '2026-03-04T09:15:00.000Z',
    closedAt: null,
    declineReason: null,
    answerNote: null,
    reissuedInvoice: null,
    ...overrides,
  };
}

/** A page of the claims list. */
export const claimPage = (claims: Claim[], totalItems = claims.length) => ({ claims, links: { totalItems } });
