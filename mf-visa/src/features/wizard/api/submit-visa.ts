import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE, toServerLanguage, visaIdResponseSchema, type Travel } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { invalidateVisaData } from '../../../lib/invalidate-visas';
import { loadShownVisa } from '../../visa';

export interface SubmitVisaInput {
  /** The request being modified; a new request when absent. */
  requestId?: number | undefined;
  invoices: number[];
  travel: Travel;
}

/** POST private/visa (a new request) or PUT private/visa (with its id): returns the id of the request (docs/calls.md). */
export function submitVisa({ requestId, invoices, travel }: SubmitVisaInput) {
  const searchParams = { language: toServerLanguage(currentLanguage()) };
  if (requestId === undefined)
    return requestJson(`${PRIVATE_BASE}/visa`, visaIdResponseSchema, {
      method: 'post',
      json: { invoices, travel },
      searchParams,
    });
  return requestJson(`${PRIVATE_BASE}/visa`, visaIdResponseSchema, {
    method: 'put',
    json: { id: requestId, invoices, travel },
    searchParams,
  });
}

/**
 * Submits the wizard; every visa and invoice list is stale afterwards. The request's detail, where the traveler goes
 * next, is loaded before the mutation ends, so it opens on the new travel details and the new QR.
 */
export function useSubmitVisa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVisa,
    onSuccess: async ({ id }) => {
      await invalidateVisaData(queryClient);
      await loadShownVisa(queryClient, id);
    },
  });
}
