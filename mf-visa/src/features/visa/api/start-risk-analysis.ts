import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE, toServerLanguage } from '@varco/contracts';
import { requestVoid } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { invalidateVisaData } from '../../../lib/invalidate-visas';

/**
 * POST private/visa/start-risk-analysis {id}: the traveler completes a pending request; the light decides where it
 * goes (docs/domain.md). The answer is not read: the request is loaded again.
 */
export function startRiskAnalysis(id: number) {
  return requestVoid(`${PRIVATE_BASE}/visa/start-risk-analysis`, {
    method: 'post',
    json: { id },
    searchParams: { language: toServerLanguage(currentLanguage()) },
  });
}

const riskAnalysisKey = (id: number) => ['visa', 'start-risk-analysis', id] as const;

export function useStartRiskAnalysis(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: riskAnalysisKey(id),
    mutationFn: () => startRiskAnalysis(id),
    onSuccess: () => invalidateVisaData(queryClient),
  });
}

/** Whether the traveler's risk analysis of request `id` is running now (started from this page, not answered yet). */
export function useRiskAnalysisRunning(id: number): boolean {
  return useIsMutating({ mutationKey: riskAnalysisKey(id) }) > 0;
}
