import { z } from 'zod';
import type { Role } from './roles.ts';

/**
 * Who must approve a customer's posts (issue 25 item 1; docs/decisions/040). Set per customer by an
 * administrator; `none` is today's behaviour and the default.
 * - `studio`: the customer approves what an administrator scheduled, queued, moved or edited.
 * - `studio_and_team`: also what anyone else but the customer did (their publishers).
 * The customer's own actions never need their own approval.
 */
export const APPROVAL_MODES = ['none', 'studio', 'studio_and_team'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const approvalModeSchema = z.enum(APPROVAL_MODES, { message: 'approvalModeInvalid' });

/** A stored value the code no longer knows reads as the strictest mode, never as "no approval". */
export function toApprovalMode(value: string): ApprovalMode {
  return (APPROVAL_MODES as readonly string[]).includes(value) ? (value as ApprovalMode) : 'studio_and_team';
}

/** Whether an action by `actor` on a post of the customer `ownerId` needs that customer's approval. */
export function needsApproval(mode: ApprovalMode, actor: { id: string; role: Role }, ownerId: string): boolean {
  if (mode === 'none' || actor.id === ownerId) return false;
  if (mode === 'studio') return actor.role === 'admin';
  return true;
}
