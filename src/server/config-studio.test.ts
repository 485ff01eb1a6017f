import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The studio's calendar in the configuration (issue 6): its time zone and the hour scheduled posts go out. */
describe('studio configuration', () => {
  it('by default: Madrid, posts at 9', () => {
    expect(loadConfig({}).studio).toEqual({ timeZone: 'Europe/Madrid', publishHour: 9 });
  });

  it('takes a zone Intl knows and any hour of the day', () => {
    expect(loadConfig({ STUDIO_TIME_ZONE: 'Atlantic/Canary', PUBLISH_HOUR: '0' }).studio).toEqual({ timeZone: 'Atlantic/Canary', publishHour: 0 });
    expect(loadConfig({ PUBLISH_HOUR: '23' }).studio.publishHour).toBe(23);
  });

  it.each([
    [{ STUDIO_TIME_ZONE: 'Europe/Madird' }, 'STUDIO_TIME_ZONE: must be an IANA time zone such as Europe/Madrid'],
    [{ PUBLISH_HOUR: '24' }, 'PUBLISH_HOUR: must be an hour from 0 to 23'],
    [{ PUBLISH_HOUR: '-1' }, 'PUBLISH_HOUR: must be an hour from 0 to 23'],
    [{ PUBLISH_HOUR: '9.5' }, 'PUBLISH_HOUR: must be a whole hour, 0 to 23'],
    [{ PUBLISH_HOUR: 'nine' }, 'PUBLISH_HOUR'],
  ])('refuses %o with a sentence naming the variable', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});
