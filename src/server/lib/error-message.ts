/** The text of a thrown value, for a log line or a stored reason: anything may be thrown, not only an Error. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
