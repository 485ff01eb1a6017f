import type { Algorithm } from '@node-rs/argon2';

// The native argon2 module is loaded at the first password hashed or checked, not at start.
const argon2 = () => import('@node-rs/argon2');

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * argon2id at OWASP's minimum recommended parameters (19 MiB memory, 2 iterations, 1 lane).
 * Better Auth's default is scrypt below OWASP's memory minimum, so we hand it these instead.
 */
export const ARGON2_PARAMETERS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, ARGON2_PARAMETERS);
}

let verificationsSoFar = 0;

/**
 * How many passwords this process has checked against a stored hash since it started: what a guesser
 * got checked, which the sign-in limits must bound (their parallel-attack tests read it).
 */
export function passwordVerificationCount(): number {
  return verificationsSoFar;
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  verificationsSoFar += 1;
  const { verify } = await argon2();
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed verification, not a server error.
    return false;
  }
}
