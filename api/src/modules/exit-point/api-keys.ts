import { randomBytes } from 'node:crypto';
import { sha256 } from '../auth/secrets';

/** The header carrying an exit point client's API key (as the merchants'). */
export const API_KEY_HEADER = 'x-api-key';

/** A new API key: 32 random bytes, recognisable by its prefix (x for exit point) in logs and secret scanners. */
export const newExitPointKey = () => `xk_${randomBytes(32).toString('base64url')}`;

/** Keys are random and long: a fast hash is enough to make a copy of the table useless. */
export const hashExitPointKey = (key: string) => sha256(key);
