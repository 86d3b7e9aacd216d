import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Each table is created by a numbered SQL file in `api/migrations/`; keep the two in
 * step (a column added by a migration is added here in the same change).
 */

/** A lookup record stored in both interface languages (SPEC §3): the code is the id, the description the label. */
export interface BilingualLookupTable {
  code: string;
  description_it: string;
  description_en: string;
}

/** ISO 3166-1 alpha-2 countries. `eu_member` marks the 27 member states, whose residents cannot use tax-free. */
export interface CountryTable extends BilingualLookupTable {
  eu_member: boolean;
}

/** Territories of a member state outside the EU VAT area (Directive 2006/112/EC art. 6). */
export interface FreeZoneTable extends BilingualLookupTable {
  country_code: string;
  /** False for a zone where nobody can live (the Italian waters of Lake Lugano): not offered at registration. */
  residential: boolean;
}

/** Airports by IATA code. */
export interface AirportTable extends BilingualLookupTable {
  country_code: string;
}

/** A captcha challenge (migration 0004): hashes only, single-use, short-lived. */
export interface CaptchaChallengeTable {
  token_hash: string;
  answer_hash: string;
  language: 'IT' | 'EN';
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date | string, never>;
  consumed_at: ColumnType<Date | null, never, Date | string>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: ColumnType<Date, never, never>;
}

/** Mails waiting to be sent, sent, or given up (`migrations/0003_mail_outbox.sql`; see `modules/mail`). */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  language: 'IT' | 'EN';
  /** The template's name (`modules/mail/templates.ts`), kept to tell mails apart in the table. */
  template: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: ColumnType<Date, never, never>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  sent_at: ColumnType<Date | null, never, Date | string | null>;
  failed_at: ColumnType<Date | null, never, Date | string | null>;
  last_error: ColumnType<string | null, never, string | null>;
  /** 0: someone waits for it (sign-in code, password reset, activation); 1: bulk (`migrations/0014_mail_priority.sql`). */
  priority: ColumnType<number, number | undefined, number>;
}

/** A traveler's account (migration 0005). */
export interface TravelerTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  nome: string;
  cognome: string;
  /** ISO day; `date` comes back as a Date from pg and PGlite, so it is read through `to_char` (see repositories). */
  data_nascita: ColumnType<Date, string, string>;
  /** Null for a traveler who came through the digital identity provider (migration 0007). */
  paese_residenza: string | null;
  zona_residenza: string | null;
  tipo_documento: string | null;
  paese_documento: string | null;
  /** The identity document's number; the fiscal number for a digital identity traveler. */
  numero_documento: string;
  privacy: boolean;
  language: 'IT' | 'EN';
  /** PENDING_IDENTITY: came through the digital identity provider, registration not completed (migration 0007). */
  status: TravelerStatus;
  identity_provider: ColumnType<'CREDENTIALS' | 'SPID', 'CREDENTIALS' | 'SPID' | undefined, 'CREDENTIALS' | 'SPID'>;
  /** The digital identity provider's subject, for a traveler linked to it (migration 0007). */
  identity_subject: ColumnType<string | null, string | null | undefined, string | null>;
  fiscal_number: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
  activated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type TravelerStatus = 'PENDING' | 'ACTIVE' | 'PENDING_IDENTITY';

/** OTP_PENDING: credentials accepted; ACTIVATION_PENDING: a first-time digital identity (migration 0007); FULL. */
export type SessionLevel = 'OTP_PENDING' | 'FULL' | 'ACTIVATION_PENDING';

/** A sign-in session behind the `varco_session` cookie (migration 0005): only the token's hash is stored. */
export interface SessionTable {
  token_hash: string;
  traveler_id: number;
  level: SessionLevel;
  created_at: ColumnType<Date, never, never>;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  /** The passkey that opened it (migration 0017), which takes it along when removed; null for any other sign-in. */
  passkey_id: ColumnType<number | null, number | null | undefined, never>;
}

/** A one-time code of the credentials sign-in (migration 0005): hashed, expiring, limited attempts, single-use. */
export interface OtpTable {
  id: Generated<number>;
  session_token_hash: string;
  code_hash: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  attempts: ColumnType<number, number | undefined, number>;
  consumed_at: ColumnType<Date | null, never, Date | string | null>;
}

export type AccountKeyKind = 'ACTIVATION' | 'PASSWORD_RESET';

/** A one-time key pair of an account link (migration 0006): hashes only, expiring, single-use. */
export interface AccountKeyTable {
  id: Generated<number>;
  traveler_id: number;
  kind: AccountKeyKind;
  key1_hash: string;
  key2_hash: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  consumed_at: ColumnType<Date | null, never, Date | string | null>;
}

/** A digital identity sign-in in flight (migration 0007): PKCE verifier and nonce by the hash of its state. */
export interface OidcLoginTable {
  state_hash: string;
  code_verifier: string;
  nonce: string;
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date | string, never>;
}

export type MerchantKind = 'VENDOR' | 'BROKER';

/** A vendor or broker issuing tax-free invoices with its own API key (migration 0008): only the key's hash is stored. */
export interface MerchantTable {
  id: Generated<number>;
  kind: MerchantKind;
  name: string;
  vat_number: string;
  api_key_hash: string;
  created_at: ColumnType<Date, never, never>;
  revoked_at: ColumnType<Date | null, never, Date | string | null>;
}

/**
 * A tax-free invoice (migration 0008); `id` is the refund id. Amounts are `numeric`, read back through a cast to
 * float8 (pg returns numeric as a string). It belongs to the traveler holding its identity document.
 */
export interface InvoiceTable {
  id: Generated<number>;
  request_code: string;
  merchant_id: number;
  vendor_vat_number: string;
  vendor_name: string;
  broker_name: string | null;
  invoice_number: string;
  /** ISO day; read through `to_char` (see repositories). */
  emission_date: ColumnType<Date, string, string>;
  total_amount: ColumnType<string, number | string, number | string>;
  iva_amount: ColumnType<string, number | string, number | string>;
  document_type: string;
  document_country: string;
  /** Upper case. */
  document_number: string;
  traveler_name: string;
  state_code: ColumnType<number, number | undefined, number>;
  in_completion: ColumnType<boolean, boolean | undefined, boolean>;
  customs_office: string | null;
  release_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  release_code: string | null;
  credit_note_number: string | null;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type RiskOrigin = 'TRAVELER' | 'KIOSK' | 'OFFICER';
/** A catalogue key of the api's messages with its placeholder values: why the risk analysis gave its light. */
export interface RiskReason {
  key: string;
  params?: Record<string, string | number>;
}

/** A visa request (migration 0009); `id` is SPEC's idRichiesta, `public_id` its visaRequestId. */
export interface VisaRequestTable {
  id: Generated<number>;
  public_id: Generated<string>;
  request_code: string;
  traveler_id: number;
  /** 1 pending, 10 expired, 20 customs check, 50 in completion, 100 completed. */
  state_code: ColumnType<number, number | undefined, number>;
  transport_type: string;
  crew_member: ColumnType<boolean, boolean | undefined, boolean>;
  travel_date: ColumnType<Date, Date | string, Date | string>;
  travel_doc_type: string | null;
  travel_doc_number: string | null;
  destination_country: string;
  destination_free_zone: string | null;
  destination_airport: string | null;
  flight_number: string | null;
  qr_issued_at: ColumnType<Date, Date | string | undefined, Date | string>;
  risk_result: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: RiskReason[]. */
  risk_reasons: ColumnType<RiskReason[] | null, string | null | undefined, string | null>;
  risk_origin: ColumnType<RiskOrigin | null, RiskOrigin | null | undefined, RiskOrigin | null>;
  risk_analysed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scanned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scanned_by: ColumnType<number | null, number | null | undefined, number | null>;
  customs_office: ColumnType<string | null, string | null | undefined, string | null>;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An invoice of a request (migration 0009); live while `released_at` is null (one live request per invoice). */
export interface VisaRequestInvoiceTable {
  visa_request_id: number;
  invoice_id: number;
  released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type ExitPointClientKind = 'KIOSK' | 'OFFICER';

/** A kiosk or a customs officer at an exit point, with its own API key (migration 0009). */
export interface ExitPointClientTable {
  id: Generated<number>;
  kind: ExitPointClientKind;
  name: string;
  customs_office: string;
  api_key_hash: string;
  created_at: ColumnType<Date, never, never>;
  revoked_at: ColumnType<Date | null, never, Date | string | null>;
}

/** The audit trail of the exit point (migration 0009). */
export interface ExitPointEventTable {
  id: Generated<string>;
  client_id: number;
  visa_request_id: number | null;
  kind: string;
  /** JSON. */
  detail: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
}

/** A notification of a traveler (migration 0010): its message is rendered from `kind` and `params` when read. */
export interface NotificationTable {
  id: Generated<number>;
  traveler_id: number;
  kind: string;
  /** JSON: the placeholder values of the message. */
  params: ColumnType<Record<string, string | number>, string, never>;
  visa_request_id: ColumnType<number | null, number | null | undefined, number | null>;
  invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
  dedupe_key: ColumnType<string | null, string | null | undefined, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  read_at: ColumnType<Date | null, never, Date | string>;
}

/** A traveler's WebAuthn user handle (migration 0015): random, the same for all their passkeys. */
export interface PasskeyUserTable {
  traveler_id: number;
  user_handle: string;
}

export type PasskeyDeviceType = 'singleDevice' | 'multiDevice';

/** A traveler's passkey (migration 0015): the credential id and public key, counter and backup flags; nothing secret. */
export interface PasskeyTable {
  id: Generated<number>;
  traveler_id: number;
  credential_id: string;
  public_key: Uint8Array;
  /** bigint: `pg` reads it as a string. */
  counter: ColumnType<string, number, number>;
  device_type: PasskeyDeviceType;
  backed_up: boolean;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: ColumnType<Date, never, never>;
  last_used_at: ColumnType<Date | null, never, Date>;
}

/** A WebAuthn ceremony in flight (migration 0015): single use, short-lived, keyed by the hash of the browser's cookie. */
export interface WebauthnChallengeTable {
  id_hash: string;
  purpose: 'REGISTRATION' | 'AUTHENTICATION';
  challenge: string;
  session_token_hash: string | null;
  created_at: ColumnType<Date, never, never>;
  expires_at: ColumnType<Date, Date | string, never>;
}

/** A counter of an abuse limit (migration 0016, `plugins/limits`): hits of `key` in the window ending at `expires_at`. */
export interface AbuseLimitTable {
  key: string;
  count: number;
  expires_at: Date;
}

export interface Database {
  country: CountryTable;
  document_type: BilingualLookupTable;
  ticket_type: BilingualLookupTable;
  transport_type: BilingualLookupTable;
  free_zone: FreeZoneTable;
  airport: AirportTable;
  captcha_challenge: CaptchaChallengeTable;
  schema_migrations: SchemaMigrationsTable;
  mail_outbox: MailOutboxTable;
  traveler: TravelerTable;
  session: SessionTable;
  otp: OtpTable;
  account_key: AccountKeyTable;
  oidc_login: OidcLoginTable;
  merchant: MerchantTable;
  invoice: InvoiceTable;
  visa_request: VisaRequestTable;
  visa_request_invoice: VisaRequestInvoiceTable;
  exit_point_client: ExitPointClientTable;
  exit_point_event: ExitPointEventTable;
  notification: NotificationTable;
  passkey_user: PasskeyUserTable;
  passkey: PasskeyTable;
  webauthn_challenge: WebauthnChallengeTable;
  abuse_limit: AbuseLimitTable;
}
