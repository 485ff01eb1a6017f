import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

/**
 * How long the HTTP server waits on a client (issue 21 item 6; docs/operations.md, "Connections and
 * timeouts"). Fastify's defaults wait for ever on a connection that sends nothing (no idle limit) and on a
 * body that trickles in (no request limit), so a few hundred idle or slow sockets could hold the server's
 * connections and memory; these are chosen instead.
 */
export interface HttpTimeouts {
  /**
   * A connection on which no byte moves either way for this long is closed (Fastify's
   * `connectionTimeout`, Node's socket timeout): one that never sends a request, a request or an
   * answer that stalls. The live-events stream is not idle: its heartbeat goes out well within this.
   */
  idleMs: number;
  /** The request line and headers must have arrived within this (Node's `headersTimeout`). */
  headersMs: number;
  /**
   * The whole request, body included, must have arrived within this (Fastify's `requestTimeout`): 408
   * otherwise. Uploads are the longest (up to ten 5 MB images in one request). Answers are not counted:
   * the live-events stream, whose request is complete at once, is never cut by it.
   */
  requestMs: number;
  /** An open connection between two requests is kept this long (Fastify's `keepAliveTimeout`). */
  keepAliveMs: number;
}

/**
 * - idle 60 s: three heartbeats of the live events (20 s) fit in it; nothing the app answers is silent
 *   that long (the networks' calls time out at 15 s).
 * - headers 30 s: they arrive in one packet; a slow mobile network needs a few seconds.
 * - request 300 s (Node's own default, which Fastify turns off): 50 MB of images at 1.4 Mbit/s.
 * - keep-alive 72 s (Fastify's): longer than the 60 s a load balancer commonly keeps an idle connection,
 *   so the balancer, not the app, closes it, and never while sending a request on it.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { idleMs: 60_000, headersMs: 30_000, requestMs: 300_000, keepAliveMs: 72_000 };

/** The live events' heartbeat under these timeouts: every 20 s, or often enough for three to fit in the idle time. */
export function eventsHeartbeatMs(timeouts: HttpTimeouts): number {
  return Math.max(1, Math.min(20_000, Math.floor(timeouts.idleMs / 3)));
}

/** Fastify's options for these timeouts (with Node's own, which Fastify hands to `http.createServer`). */
export function httpTimeoutOptions(
  timeouts: HttpTimeouts,
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  // Node refuses headers that may take longer than the whole request.
  const headersMs = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    // Node looks for requests past their time every `connectionsCheckingInterval` (30 s by default,
    // which would let one run 30 s late): a few times within the headers' time, at most every 5 s.
    http: {
      headersTimeout: headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.max(10, Math.min(5_000, Math.floor(headersMs / 3))),
    },
  };
}
