import type { SessionLevel } from './db/types';

// A session as the api holds it: the auth module reads and writes it, and the polling calls' warm path
// (plugins/polling-path.ts) answers with it; here, below both, so that neither imports the other for its shape.
export interface SessionRecord {
  token_hash: string;
  traveler_id: number;
  level: SessionLevel;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  /** The passkey that opened the session, if one did (migration 0017): its removal ends the session. */
  passkey_id: number | null;
}
