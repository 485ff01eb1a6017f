import { describe, expect, it } from 'vitest';
import { credentialsSchema, recoveryRequestSchema } from '../../../../../domain/auth.ts';
import { findCredentialProblems, findRecoveryProblem } from './credential-rules.ts';

/** What the app showed: zod's first message per field (react-hook-form's zodResolver). */
function schemaProblems(schema: typeof credentialsSchema | typeof recoveryRequestSchema, input: object): Record<string, string> {
  const result = schema.safeParse(input);
  const problems: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) problems[String(issue.path[0])] ??= issue.message;
  return problems;
}

const EMAILS = [
  '',
  '   ',
  'ana',
  'ana@',
  'ana@estudio',
  ' ana@estudio.com ',
  'ana@estudio.com',
  'a b@c.de',
  'ana@@estudio.com',
  `${'a'.repeat(250)}@e.es`,
  `${'a'.repeat(240)}@e.es`,
  '@estudio.com',
  'ana@estudio.c',
];
const PASSWORDS = ['', ' ', '12345', '123456', 'clave-admin-1', 'x'.repeat(128), 'x'.repeat(129), '      '];

describe('the login page’s checks, held to the schemas the app and the server use', () => {
  it('give the sign-in form the same first message per field as credentialsSchema', () => {
    for (const email of EMAILS) {
      for (const password of PASSWORDS)
        expect(findCredentialProblems({ email, password }), JSON.stringify({ email, password })).toEqual(
          schemaProblems(credentialsSchema, { email, password }),
        );
    }
  });

  it('give the recovery form the same message as recoveryRequestSchema', () => {
    for (const email of EMAILS) expect(findRecoveryProblem(email), email).toBe(schemaProblems(recoveryRequestSchema, { email }).email);
  });

  it('say what SPEC §5 says', () => {
    expect(findCredentialProblems({ email: '', password: '' })).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
    expect(findCredentialProblems({ email: 'no-es-un-email', password: '123' })).toEqual({ email: 'emailInvalid', password: 'passwordTooShortLogin' });
    expect(findRecoveryProblem('admin-sin-arroba')).toBe('emailNeedsAt');
  });
});
