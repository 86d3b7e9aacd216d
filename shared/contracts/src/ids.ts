import * as z from 'zod/mini';

/** The largest id the database holds (its ids are 32-bit integers). */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive 32-bit integer. */
export const idSchema = z.int().check(z.gte(1), z.lte(MAX_ID));

/** An id in a path or a query string (text): the same rule, after reading it as a number. */
export const idParamSchema = z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_ID));
