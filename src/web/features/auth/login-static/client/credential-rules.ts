import { isEmailAddress } from '../../../../../domain/email.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../../domain/limits.ts';

/*
 * The checks of domain/auth.ts's credentialsSchema and recoveryRequestSchema (SPEC §5 "Login"), written
 * without zod, which would weigh several times this page's whole script. The same inputs give the same
 * first message per field as the schemas (credential-rules.test.ts holds them to it); the server checks
 * again with the schemas themselves. Messages are keys of the `validation` namespace.
 */

export interface Credentials {
  email: string;
  password: string;
}

export type CredentialProblems = Partial<Record<keyof Credentials, string>>;

/** The sign-in form's problems, field by field: none when it may be sent. */
export function findCredentialProblems({ email, password }: Credentials): CredentialProblems {
  const problems: CredentialProblems = {};
  const address = email.trim();
  if (address === '') problems.email = 'emailRequired';
  else if (!isEmailAddress(address)) problems.email = 'emailInvalid';
  if (password === '') problems.password = 'passwordRequired';
  else if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'passwordTooShortLogin';
  else if (password.length > PASSWORD_MAX_LENGTH) problems.password = 'passwordTooLong';
  return problems;
}

/** The recovery form's problem: nothing is sent unless the e-mail contains @ and is an address. */
export function findRecoveryProblem(email: string): string | undefined {
  const address = email.trim();
  if (!address.includes('@')) return 'emailNeedsAt';
  if (!isEmailAddress(address)) return 'emailInvalid';
  return undefined;
}
