import { z } from 'zod';

/**
 * Ids of our own rows: positive integers that fit PostgreSQL's `integer` (serial) column. A larger number
 * can name no row, and PostgreSQL would refuse to compare it, so it is a bad request, not a server error.
 */
export const MAX_ROW_ID = 2_147_483_647;

export const rowIdSchema = z.number().int().positive().max(MAX_ROW_ID);

/** The same, read from a path segment. */
export const rowIdParamSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);
