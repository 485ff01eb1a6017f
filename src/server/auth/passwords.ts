import { randomBytes } from 'node:crypto';
import type { Auth } from './create-auth.ts';
import { systemClock } from '../lib/clock.ts';

/** Sets a user's password (creating their e-mail-and-password account when they have none). */
export async function setUserPassword(auth: Auth, userId: string, password: string): Promise<void> {
  const context = await auth.$context;
  const hashed = await context.password.hash(password);
  if (await context.internalAdapter.findCredentialAccount(userId)) {
    await context.internalAdapter.updatePassword(userId, hashed);
  } else {
    await context.internalAdapter.createAccount({ userId, providerId: 'credential', accountId: userId, password: hashed });
  }
}

/**
 * A single-use token for /reset-password with its own lifetime: an hour for a recovery e-mail, a week
 * for the welcome e-mail's "choose your own password" link (decision 005). Better Auth stores only the
 * SHA-256 of the identifier (verification.storeIdentifier), so the token lives in the e-mail alone.
 * A user has one such link at a time: making one voids the ones sent before, recovery or welcome
 * (issue 29), so only the newest e-mail's link works.
 */
export async function createPasswordSetupToken(auth: Auth, userId: string, lifetimeSeconds: number): Promise<string> {
  const context = await auth.$context;
  const token = randomBytes(24).toString('base64url');
  // Every verification row of ours is such a link, whose value is the user's id (identifiers are hashed).
  await context.adapter.deleteMany({ model: 'verification', where: [{ field: 'value', value: userId }] });
  // Better Auth's own reset endpoint consumes exactly this identifier.
  await context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    // The machine's clock, not the app's: Better Auth checks the expiry with it.
    expiresAt: new Date(systemClock().getTime() + lifetimeSeconds * 1000),
  });
  return token;
}

/** Withdraws a token that was never delivered (its e-mail failed). */
export async function forgetPasswordSetupToken(auth: Auth, token: string): Promise<void> {
  const context = await auth.$context;
  await context.internalAdapter.deleteVerificationByIdentifier(`reset-password:${token}`);
}
