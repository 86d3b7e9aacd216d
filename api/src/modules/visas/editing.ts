import { romeToday, VisaState, type Travel } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError, notFound } from '../../app-error';
import type { Database } from '../../db/types';
import { requestCode } from '../../request-code';
import { notifyVisaRequest } from '../notifications';
import {
  claimInvoices,
  deleteRequest,
  insertRequest,
  isUniqueViolation,
  linkInvoices,
  liveInvoiceIds,
  lockRequest,
  lockTraveler,
  makeAvailable,
  pendingVisaOf,
  unlinkInvoices,
  updateTravel,
  type VisaRepository,
} from './repository';
import { taken, type CheckedRequest, type createRequestCheck } from './request-check';

/** A traveler has one pending request at a time: a new one waits until it is scanned, deleted or expired. */
const onePending = (pending: { request_code: string }) =>
  new AppError(409, { key: 'visa.pendingExists', params: { requestCode: pending.request_code } });
const notPending = () => new AppError(409, { key: 'visa.notPending' });

/** Runs `work`; a unique violation (the invoice index: a concurrent request took one) answers 409. */
async function claiming<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, { key: 'visa.invoiceTaken' }, { invoices: { key: 'visa.invoiceTaken' } });
    throw error;
  }
}

/** Claims `ids` in `trx` or throws 409 naming the first one another request holds. */
async function claimAll(
  trx: Parameters<typeof claimInvoices>[0],
  travelerId: number,
  ids: number[],
  checked: CheckedRequest,
) {
  const claimed = new Set(await claimInvoices(trx, travelerId, ids));
  const lost = ids.find((id) => !claimed.has(id));
  if (lost !== undefined) throw taken(checked.candidates.get(lost), lost);
}

/**
 * The traveler creates, changes and deletes their pending request (docs/domain.md): each change is one transaction
 * under the row locks that keep one pending request per traveler and each invoice in one live request.
 */
export function createRequestEditing(
  db: Kysely<Database>,
  repository: VisaRepository,
  check: ReturnType<typeof createRequestCheck>,
  clock: () => Date,
) {
  return {
    /** Creates a pending request (1) holding the invoices (90); answers its id. 409 while another is pending. */
    async create(travelerId: number, body: { invoices: number[]; travel: Travel }): Promise<{ id: number }> {
      // Told first: whatever the form holds, no new request can be created while one is pending.
      const pending = await repository.pending(travelerId);
      if (pending) throw onePending(pending);
      const checked = await check(travelerId, body.invoices, body.travel);
      const now = clock();
      return claiming(() =>
        db.transaction().execute(async (trx) => {
          // Checked again under the traveler's lock: of two creations at once, the second finds the first's request.
          await lockTraveler(trx, travelerId);
          const created = await pendingVisaOf(trx, travelerId);
          if (created) throw onePending(created);
          await claimAll(trx, travelerId, checked.invoiceIds, checked);
          const id = await insertRequest(trx, { ...checked.travel, traveler_id: travelerId, qr_issued_at: now }, () =>
            requestCode('VR', romeToday(now).slice(0, 4)),
          );
          await linkInvoices(trx, id, checked.invoiceIds);
          await notifyVisaRequest(trx, id, 'VISA_CREATED');
          return { id };
        }),
      );
    },

    /**
     * Changes a pending request (else 409): the travel data, and the invoices — those removed go back to available,
     * those added are claimed as at creation. A new QR code is issued (earlier ones stop working).
     */
    async update(
      travelerId: number,
      body: { id: number; invoices: number[]; travel: Travel },
    ): Promise<{ id: number }> {
      const current = await repository.find(travelerId, body.id, 'EN');
      if (!current) throw notFound({ key: 'visa.notFound' });
      if (current.state_code !== VisaState.PENDING) throw notPending();
      const checked = await check(travelerId, body.invoices, body.travel, body.id);
      const now = clock();
      return claiming(() =>
        db.transaction().execute(async (trx) => {
          const request = await lockRequest(trx, body.id, travelerId);
          if (!request) throw notFound({ key: 'visa.notFound' });
          if (request.state_code !== VisaState.PENDING) throw notPending();
          const live = await liveInvoiceIds(trx, body.id);
          const wanted = new Set(checked.invoiceIds);
          const removed = live.filter((id) => !wanted.has(id));
          const added = checked.invoiceIds.filter((id) => !live.includes(id));
          await unlinkInvoices(trx, body.id, removed);
          await makeAvailable(trx, removed);
          await claimAll(trx, travelerId, added, checked);
          await linkInvoices(trx, body.id, added);
          await updateTravel(trx, body.id, checked.travel, now);
          return { id: body.id };
        }),
      );
    },

    /** Deletes a pending request (else 409); its invoices go back to available (30). */
    async remove(travelerId: number, requestId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const request = await lockRequest(trx, requestId, travelerId);
        if (!request) throw notFound({ key: 'visa.notFound' });
        if (request.state_code !== VisaState.PENDING) throw notPending();
        await makeAvailable(trx, await liveInvoiceIds(trx, requestId));
        await deleteRequest(trx, requestId);
      });
    },
  };
}
