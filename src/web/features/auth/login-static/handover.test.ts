import { afterEach, describe, expect, it } from 'vitest';
import { adoptDestination, destinationAfterSignIn } from './handover.ts';
import { AFTER_SIGN_IN_KEY, isOwnPath } from './login-contract.ts';

describe('where a visitor goes after signing in', () => {
  afterEach(() => {
    sessionStorage.clear();
    history.replaceState(null, '');
  });

  it('is the page the app sent them from, kept in the login page’s own history entry', () => {
    sessionStorage.setItem(AFTER_SIGN_IN_KEY, '/projects?page=2');
    adoptDestination();
    expect(sessionStorage.getItem(AFTER_SIGN_IN_KEY)).toBeNull();
    expect(destinationAfterSignIn()).toBe('/projects?page=2');
    // A reload keeps the history entry's state, so the destination too.
    adoptDestination();
    expect(destinationAfterSignIn()).toBe('/projects?page=2');
  });

  it('is /home when nothing was carried, or when what was is not a page of this site (or /login itself)', () => {
    adoptDestination();
    expect(destinationAfterSignIn()).toBe('/home');
    for (const carried of ['//evil.example/home', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/login', '/login?x=1']) {
      history.replaceState(null, '');
      sessionStorage.setItem(AFTER_SIGN_IN_KEY, carried);
      adoptDestination();
      expect(destinationAfterSignIn(), carried).toBe('/home');
    }
  });

  it('accepts only addresses of this site', () => {
    expect(['/home', '/projects?page=2', '/auth/linkedin/callback?code=1'].every(isOwnPath)).toBe(true);
    expect(['//x.example', '/\\x.example', 'x', '', undefined, 42].some(isOwnPath)).toBe(false);
  });
});
