import { sql, type Kysely } from 'kysely';
import { findLiveApiKeyHolder } from '../../db/api-key-holders';
import type { Database, ExitPointClientKind, RiskReason } from '../../db/types';

export interface ExitPointClient {
  id: number;
  kind: ExitPointClientKind;
  name: string;
  customs_office: string;
}

export interface ExitPointRequestRow {
  id: number;
  public_id: string;
  request_code: string;
  traveler_id: number;
  state_code: number;
  qr_issued_at: Date;
  risk_result: number | null;
  risk_reasons: RiskReason[] | null;
  scanned_at: Date | null;
  travel_date: Date;
  transport_type: string;
  flight_number: string | null;
  nome: string;
  cognome: string;
  tipo_documento: string;
  paese_documento: string;
  numero_documento: string;
}

export interface ExitPointInvoiceRow {
  id: number;
  invoice_number: string;
  vendor_name: string;
  total_amount: number;
  state_code: number;
  in_completion: boolean;
  release_date: Date | null;
  release_code: string | null;
  customs_office: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createExitPointRepository(db: Kysely<Database>) {
  return {
    insertClient(client: {
      kind: ExitPointClientKind;
      name: string;
      customs_office: string;
      api_key_hash: string;
    }): Promise<ExitPointClient> {
      return db
        .insertInto('exit_point_client')
        .values(client)
        .returning(['id', 'kind', 'name', 'customs_office'])
        .executeTakeFirstOrThrow();
    },

    /** The client of a live (not revoked) API key. */
    findByKeyHash(keyHash: string): Promise<ExitPointClient | undefined> {
      return findLiveApiKeyHolder(db, 'exit_point_client', ['id', 'kind', 'name', 'customs_office'], keyHash);
    },

    /** The client of an API key, revoked or not. */
    findAnyByKeyHash(keyHash: string): Promise<Pick<ExitPointClient, 'id' | 'customs_office'> | undefined> {
      return db
        .selectFrom('exit_point_client')
        .select(['id', 'customs_office'])
        .where('api_key_hash', '=', keyHash)
        .executeTakeFirst();
    },

    /** A request by its public id (visaRequestId), with its traveler's name and document; undefined for anything else. */
    async findRequest(publicId: string): Promise<ExitPointRequestRow | undefined> {
      if (!UUID.test(publicId)) return undefined;
      return db
        .selectFrom('visa_request as vr')
        .innerJoin('traveler as t', 't.id', 'vr.traveler_id')
        .select([
          'vr.id',
          sql<string>`vr.public_id::text`.as('public_id'),
          'vr.request_code',
          'vr.traveler_id',
          'vr.state_code',
          'vr.qr_issued_at',
          'vr.risk_result',
          'vr.risk_reasons',
          'vr.scanned_at',
          'vr.travel_date',
          'vr.transport_type',
          'vr.flight_number',
          't.nome',
          't.cognome',
          't.tipo_documento',
          't.paese_documento',
          't.numero_documento',
        ])
        .where('vr.public_id', '=', publicId.toLowerCase())
        .executeTakeFirst() as Promise<ExitPointRequestRow | undefined>;
    },

    /** The request's live invoices (not released), oldest first. */
    invoices(requestId: number): Promise<ExitPointInvoiceRow[]> {
      return db
        .selectFrom('visa_request_invoice as vri')
        .innerJoin('invoice as i', 'i.id', 'vri.invoice_id')
        .select([
          'i.id',
          'i.invoice_number',
          'i.vendor_name',
          sql<number>`i.total_amount::float8`.as('total_amount'),
          'i.state_code',
          'i.in_completion',
          'i.release_date',
          'i.release_code',
          'i.customs_office',
        ])
        .where('vri.visa_request_id', '=', requestId)
        .where('vri.released_at', 'is', null)
        .orderBy('i.emission_date')
        .orderBy('i.id')
        .execute();
    },

    /** The audit trail (exit_point_event): what a client did, or tried, to which request. */
    async recordEvent(event: {
      clientId: number;
      requestId: number | null;
      kind: string;
      detail: Record<string, unknown>;
    }): Promise<void> {
      await db
        .insertInto('exit_point_event')
        .values({
          client_id: event.clientId,
          visa_request_id: event.requestId,
          kind: event.kind,
          detail: JSON.stringify(event.detail),
        })
        .execute();
    },
  };
}
