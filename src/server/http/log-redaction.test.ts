import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('request URLs in the logs', () => {
  it('hide OAuth codes and states, tokens and secrets, and keep everything else', () => {
    expect(redactUrl('/auth/linkedin/callback?code=AQTsecret&state=abc123')).toBe('/auth/linkedin/callback?code=[redacted]&state=[redacted]');
    expect(redactUrl('/auth/instagram/callback?error=access_denied&state=s#_=_')).toBe('/auth/instagram/callback?error=access_denied&state=[redacted]#_=_');
    expect(redactUrl('/reset-password?token=t0k3n')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/sandbox/meta/graph/v26.0/debug_token?input_token=EAAB1&access_token=1|2')).toBe(
      '/sandbox/meta/graph/v26.0/debug_token?input_token=[redacted]&access_token=[redacted]',
    );
    expect(redactUrl('/api/users?page=2&sort=email')).toBe('/api/users?page=2&sort=email');
    expect(redactUrl('/api/projects?postcode=46001')).toBe('/api/projects?postcode=46001');
  });
});
