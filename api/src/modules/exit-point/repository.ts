import { VisaState, type ServerLanguage } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import { findLiveApiKeyHolder } from '../../db/api-key-holders';
import type { Database, ExitPointClientKind, RiskReason } from '../../db/types';
import { previousCustomsChecks, previousDenials } from '../risk';

export interface ExitPointClient {
  id: number;
  kind: ExitPointClientKind;
  name: string;
  customs_office: string;
}

/** A request as every exit point call reads it: with its traveler, its live invoices and what a scan needs. */
export interface ExitPointRequestRow {
  id: number;
  /** The row's `xmin`: a scan writes its outcome only while the row is still this version (visas' writeExitScan). */
  version: string;
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
  crew_member: boolean;
  flight_number: string | null;
  nome: string;
  cognome: string;
  tipo_documento: string;
  paese_documento: string;
  numero_documento: string;
  email: string;
  language: ServerLanguage;
  /** Live (not released), oldest first. */
  invoices: ExitPointInvoiceRow[];
  /** The traveler's history as the risk rules count it: read for a pending request only (the scan analyses it). */
  previous_customs_checks: number | null;
  previous_denials: number | null;
}

export interface ExitPointInvoiceRow {
  id: number;
  invoice_number: string;
  vendor_name: string;
  total_amount: number;
  /** The day of issue, ISO (the risk rules' purchase age). */
  emission_day: string;
  state_code: number;
  in_completion: boolean;
  release_date: Date | null;
  release_code: string | null;
  customs_office: string | null;
}

/** An invoice as the request's query returns it, in JSON: its instants are strings. */
type InvoiceJson = Omit<ExitPointInvoiceRow, 'release_date'> & { release_date: string | null };

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

    /**
     * A request by its public id (visaRequestId), with its traveler, its live invoices and, when it is pending, the
     * traveler's risk history: everything a scan needs, in one query. Undefined for anything else.
     */
    async findRequest(publicId: string): Promise<ExitPointRequestRow | undefined> {
      if (!UUID.test(publicId)) return undefined;
      const pending = sql<boolean>`vr.state_code = ${VisaState.PENDING}`;
      const row = await db
        .selectFrom('visa_request as vr')
        .innerJoin('traveler as t', 't.id', 'vr.traveler_id')
        .select([
          'vr.id',
          sql<string>`vr.xmin::text`.as('version'),
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
          'vr.crew_member',
          'vr.flight_number',
          't.nome',
          't.cognome',
          't.tipo_documento',
          't.paese_documento',
          't.numero_documento',
          't.email',
          't.language',
          sql<InvoiceJson[]>`coalesce((
            select json_agg(json_build_object(
              'id', i.id,
              'invoice_number', i.invoice_number,
              'vendor_name', i.vendor_name,
              'total_amount', i.total_amount::float8,
              'emission_day', to_char(i.emission_date, 'YYYY-MM-DD'),
              'state_code', i.state_code,
              'in_completion', i.in_completion,
              'release_date', i.release_date,
              'release_code', i.release_code,
              'customs_office', i.customs_office) order by i.emission_date, i.id)
            from visa_request_invoice vri join invoice i on i.id = vri.invoice_id
            where vri.visa_request_id = vr.id and vri.released_at is null), '[]')`.as('invoices'),
          // A CASE evaluates the subquery of the branch it takes only: a request in any other state skips them.
          sql<
            number | null
          >`case when ${pending} then ${previousCustomsChecks(sql.ref('vr.traveler_id'), sql.ref('vr.id'))} end`.as(
            'previous_customs_checks',
          ),
          sql<
            number | null
          >`case when ${pending} then ${previousDenials(sql.ref('vr.traveler_id'), sql.ref('vr.id'))} end`.as(
            'previous_denials',
          ),
        ])
        .where('vr.public_id', '=', publicId.toLowerCase())
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...row,
        invoices: row.invoices.map((invoice) => ({
          ...invoice,
          release_date: invoice.release_date === null ? null : new Date(invoice.release_date),
        })),
      } as ExitPointRequestRow;
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
