import * as z from 'zod/mini';
import { MAX_ID, MIN_ID } from '@varco/contracts/plain';

/** An id in a JSON body: a positive 32-bit integer. */
export const idSchema = z.int().check(z.gte(MIN_ID), z.lte(MAX_ID));

/** An id in a path or a query string (text): the same rule, after reading it as a number. */
export const idParamSchema = z.coerce.number().check(z.int(), z.gte(MIN_ID), z.lte(MAX_ID));
