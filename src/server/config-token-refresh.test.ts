import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The refresh-tokens job in the configuration (issue 7): how often it runs and how far ahead it renews. */
describe('token refresh configuration', () => {
  it('by default: every 60 minutes, tokens ending within 7 days', () => {
    expect(loadConfig({}).tokenRefresh).toEqual({ intervalMinutes: 60, windowDays: 7 });
  });

  it('takes any interval up to a day and any window from a day to 30', () => {
    expect(loadConfig({ TOKEN_REFRESH_INTERVAL_MINUTES: '1440', TOKEN_REFRESH_WINDOW_DAYS: '1' }).tokenRefresh).toEqual({
      intervalMinutes: 1440,
      windowDays: 1,
    });
    expect(loadConfig({ TOKEN_REFRESH_INTERVAL_MINUTES: '5', TOKEN_REFRESH_WINDOW_DAYS: '30' }).tokenRefresh).toEqual({ intervalMinutes: 5, windowDays: 30 });
  });

  it.each([
    [{ TOKEN_REFRESH_INTERVAL_MINUTES: '0' }, 'TOKEN_REFRESH_INTERVAL_MINUTES: must be 1 to 1440 minutes'],
    [{ TOKEN_REFRESH_INTERVAL_MINUTES: '1441' }, 'TOKEN_REFRESH_INTERVAL_MINUTES: must be 1 to 1440 minutes'],
    [{ TOKEN_REFRESH_INTERVAL_MINUTES: '7.5' }, 'TOKEN_REFRESH_INTERVAL_MINUTES: must be whole minutes'],
    [{ TOKEN_REFRESH_WINDOW_DAYS: '0' }, 'TOKEN_REFRESH_WINDOW_DAYS: must be 1 to 30 days'],
    [{ TOKEN_REFRESH_WINDOW_DAYS: '60' }, 'TOKEN_REFRESH_WINDOW_DAYS: must be 1 to 30 days'],
    [{ TOKEN_REFRESH_WINDOW_DAYS: 'a week' }, 'TOKEN_REFRESH_WINDOW_DAYS'],
  ])('refuses %o with a sentence naming the variable', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});
