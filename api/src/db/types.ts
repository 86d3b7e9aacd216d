import type { ColumnType, Selectable } from 'kysely';
import type { DB } from './schema.generated';

/**
 * The tables as Kysely sees them: `schema.generated.ts`, generated from the migrations in `api/migrations/` (see
 * `table-types.ts`), with the few refinements the catalogue cannot know, all in this file: the shape of JSON columns,
 * bytes as Uint8Array. A text column limited to a list of values by a check constraint is already a union there; the names below are
 * read from it, so a value added by a migration reaches the code through the generated file alone.
 */

type Column<Table extends keyof DB, Name extends keyof DB[Table]> = Selectable<DB[Table]>[Name &
  keyof Selectable<DB[Table]>];

export type TravelerStatus = Column<'traveler', 'status'>;
/** OTP_PENDING: credentials accepted; ACTIVATION_PENDING: a first-time digital identity; FULL. */
export type SessionLevel = Column<'session', 'level'>;
export type AccountKeyKind = Column<'account_key', 'kind'>;
export type MerchantKind = Column<'merchant', 'kind'>;
export type ExitPointClientKind = Column<'exit_point_client', 'kind'>;
export type PasskeyDeviceType = Column<'passkey', 'device_type'>;
export type RiskOrigin = NonNullable<Column<'visa_request', 'risk_origin'>>;

/** A catalogue key of the api's messages with its placeholder values: why the risk analysis gave its light. */
export interface RiskReason {
  key: string;
  params?: Record<string, string | number>;
}

/** `Table` with the types of some of its columns replaced. */
type Refine<Table, Columns extends { [Name in keyof Columns]: Name extends keyof Table ? unknown : never }> = Omit<
  Table,
  keyof Columns
> &
  Columns;

export interface Database extends Omit<DB, 'visa_request' | 'notification' | 'passkey'> {
  /** `risk_reasons`: JSON text of RiskReason[] when written, parsed when read. */
  visa_request: Refine<
    DB['visa_request'],
    { risk_reasons: ColumnType<RiskReason[] | null, string | null | undefined, string | null> }
  >;
  /** `params`: JSON text of the message's placeholder values when written, parsed when read. */
  /** `public_key`: any bytes when written (`pg` reads `bytea` as a Buffer, itself a Uint8Array). */
  passkey: Refine<DB['passkey'], { public_key: Uint8Array }>;
  notification: Refine<
    DB['notification'],
    { params: ColumnType<Record<string, string | number>, string | undefined, string> }
  >;
}
