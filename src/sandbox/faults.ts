import { z } from 'zod';

/**
 * Misbehaviour on request: the next requests to one network's API fail the way the provider fails, so
 * tests and people can drive every failure path. A fault matches the API requests (not the consent
 * pages) whose path, after the network's prefix, contains `path`.
 *
 * - server-error: HTTP 500 with the provider's error body.
 * - rate-limit: LinkedIn's 429 throttle, Graph's code 4 "Application request limit reached".
 * - slow: the answer comes after `delayMs`, then normally.
 * - drop: the connection is closed without an answer.
 */
export const sandboxFaultSchema = z.object({
  network: z.enum(['linkedin', 'meta']),
  kind: z.enum(['server-error', 'rate-limit', 'slow', 'drop']),
  path: z.string().max(200).optional(),
  /** How many matching requests fail; 0 means every one until the faults are cleared. */
  times: z.number().int().min(0).max(1000).default(1),
  delayMs: z.number().int().min(0).max(120_000).default(3_000),
});
export type SandboxFault = z.input<typeof sandboxFaultSchema>;
type StoredFault = z.output<typeof sandboxFaultSchema> & { remaining: number };

export class FaultList {
  private faults: StoredFault[] = [];

  add(fault: SandboxFault): void {
    const parsed = sandboxFaultSchema.parse(fault);
    this.faults.push({ ...parsed, remaining: parsed.times === 0 ? Number.POSITIVE_INFINITY : parsed.times });
  }

  clear(): void {
    this.faults = [];
  }

  /** The fault this request runs into, if any; it counts as used. */
  take(network: 'linkedin' | 'meta', path: string): StoredFault | undefined {
    const fault = this.faults.find((candidate) => candidate.network === network && (!candidate.path || path.includes(candidate.path)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return fault;
  }

  list(): Array<Omit<StoredFault, 'remaining'> & { remaining: number | 'always' }> {
    return this.faults.map((fault) => ({ ...fault, remaining: Number.isFinite(fault.remaining) ? fault.remaining : 'always' }));
  }
}
