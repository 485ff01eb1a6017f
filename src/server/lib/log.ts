/** The logger the server's parts are given (Fastify's logger fits it; tests pass a recorder). One type, so a part's log is not a copy of another's. */
export interface Log {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}
