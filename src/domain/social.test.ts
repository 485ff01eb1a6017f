import { describe, expect, it } from 'vitest';
import { CONNECTED_NAME_MAX_LENGTH, oauthCallbackSchema, truncateAccountName } from './social.ts';

describe('social domain rules', () => {
  it('cuts a connected account name at 15 characters (SPEC §9), counting letters, not bytes', () => {
    expect(CONNECTED_NAME_MAX_LENGTH).toBe(15);
    expect(truncateAccountName('Marta Soler Ibáñez')).toBe('Marta Soler Ibá…');
    expect(truncateAccountName('Exactly fifteen')).toBe('Exactly fifteen');
    expect([...truncateAccountName('Ñandú Ñandú Ñandú Ñandú')]).toHaveLength(16);
    expect(truncateAccountName('')).toBe('');
  });

  it('needs both code and state on the callback', () => {
    expect(oauthCallbackSchema.safeParse({ code: 'c', state: 's' }).success).toBe(true);
    expect(oauthCallbackSchema.safeParse({ code: ' ', state: 's' }).success).toBe(false);
    expect(oauthCallbackSchema.safeParse({ code: 'c' }).success).toBe(false);
  });
});
