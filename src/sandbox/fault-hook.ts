import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SandboxContext, pathWithinNetwork, sleep } from './context.ts';

/** What a network answers to a rate-limit or server-error fault, in its own words. */
export interface FaultAnswers {
  rateLimit: { status: number; body: unknown };
  serverError: { status: number; body: unknown };
}

/**
 * The onRequest hook both networks share: on the API paths (`applies`), the configured latency, then the
 * next matching fault of the control API (faults.ts): slow, a dropped connection, or the network's answer.
 */
export function faultHook(context: SandboxContext, network: 'linkedin' | 'meta', applies: (path: string) => boolean, answers: FaultAnswers) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathWithinNetwork(request, network);
    if (!applies(path)) return;
    const latencyMs = context.store.state.settings[network].latencyMs;
    if (latencyMs > 0) await sleep(latencyMs);
    const fault = context.faults.take(network, path);
    if (!fault) return;
    if (fault.kind === 'slow') return sleep(fault.delayMs);
    if (fault.kind === 'drop') {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    const answer = fault.kind === 'rate-limit' ? answers.rateLimit : answers.serverError;
    return reply.status(answer.status).send(answer.body);
  };
}
