import type { ServerLanguage, Visa } from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createRequestEditing } from './editing';
import { createRequestReading, type VisaQr } from './reading';
import { createVisaRepository } from './repository';
import { createRequestCheck } from './request-check';
import { analyseRisk, type AnalyseRiskOptions } from './transitions';

export type { VisaQr } from './reading';

export interface VisaServiceDeps {
  qr: VisaQr;
  clock?: () => Date;
  /** Forces the risk analysis started by the traveler (tests). */
  riskOptions?: Omit<AnalyseRiskOptions, 'now'>;
}

/**
 * The visa requests of the signed-in traveler (docs/domain.md, docs/calls.md): each call reads and changes only the
 * traveler's own requests; another traveler's answers 404 as an unknown one does. The jobs live apart: the check of a
 * body (request-check.ts), the changes of a pending request (editing.ts), the reading (reading.ts); the state machine
 * is transitions.ts.
 */
export function createVisaService(db: Kysely<Database>, deps: VisaServiceDeps) {
  const repository = createVisaRepository(db);
  const clock = deps.clock ?? (() => new Date());
  const { ownRequest, ...reading } = createRequestReading(db, repository, deps.qr, clock);
  return {
    ...reading,
    ...createRequestEditing(db, repository, createRequestCheck(repository, clock), clock),

    /** The traveler starts the risk analysis of a pending request (docs/domain.md); answers the request as it now is. */
    async startRiskAnalysis(travelerId: number, requestId: number, language: ServerLanguage): Promise<Visa> {
      await ownRequest(travelerId, requestId, language);
      await analyseRisk(db, requestId, 'TRAVELER', undefined, { ...deps.riskOptions, now: clock() });
      return reading.detail(travelerId, requestId, language);
    },
  };
}

export type VisaService = ReturnType<typeof createVisaService>;
