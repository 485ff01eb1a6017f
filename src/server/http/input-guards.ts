/**
 * Input that no feature could accept, recognised before any feature sees it, so that it is the client's
 * 400 and never the server's 500.
 */

/**
 * How deep a JSON body may nest. Our deepest payload is 4 levels; Better Auth's own handling overflows
 * the stack on bodies a few thousand levels deep, and no client needs more than this.
 */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = 'nul' | 'tooDeep';

/**
 * The first problem in a parsed body, query string or path parameters: a NUL character in any text or
 * key (PostgreSQL cannot store one in text and refuses the query), or nesting beyond MAX_INPUT_DEPTH.
 * Walks with its own stack, so a hostile depth cannot overflow the call stack.
 */
export function findInputProblem(value: unknown): InputProblem | undefined {
  const pending: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }];
  while (pending.length > 0) {
    const { item, depth } = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return 'nul';
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= MAX_INPUT_DEPTH) return 'tooDeep';
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) return 'nul';
      pending.push({ item: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * The errors @fastify/multipart's parser (busboy) raises for a body that is not the multipart it claims
 * to be: a missing, empty or over-long boundary, a body that ends before its closing boundary. They are
 * plain Errors without a status, so they are told apart by their words (a test sends each kind).
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty|have a length bigger)/,
  /unexpected end of multipart data$/i,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
];

export function isMalformedMultipart(error: { message?: unknown; statusCode?: unknown }): boolean {
  if (error.statusCode !== undefined || typeof error.message !== 'string') return false;
  const message = error.message;
  return MALFORMED_MULTIPART.some((pattern) => pattern.test(message));
}
