import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { DEFAULT_JOB_CONCURRENCY } from './jobs/job-worker.ts';

/** Publishing at volume in the configuration (issue 14, docs/decisions/020): jobs at once per kind, the sandbox's latency. */
describe('job concurrency and sandbox latency configuration', () => {
  it('by default: the worker’s own limits (publishing many at once, every other kind two) and a sandbox that answers at once', () => {
    const config = loadConfig({});
    expect(config.jobs.concurrency).toEqual(DEFAULT_JOB_CONCURRENCY);
    expect(config.jobs.concurrency.default).toBe(2);
    expect(config.social.sandboxLatencyMs).toBe(0);
  });

  it('takes PUBLISH_CONCURRENCY for publish jobs, JOB_CONCURRENCY for the others, SANDBOX_LATENCY_MS for every sandbox call', () => {
    const config = loadConfig({ PUBLISH_CONCURRENCY: '64', JOB_CONCURRENCY: '1', SANDBOX_LATENCY_MS: '100' });
    expect(config.jobs.concurrency).toEqual({ default: 1, 'publish-post': 64 });
    expect(config.social.sandboxLatencyMs).toBe(100);
  });

  it.each([
    [{ PUBLISH_CONCURRENCY: '0' }, 'PUBLISH_CONCURRENCY: must be 1 to 256'],
    [{ PUBLISH_CONCURRENCY: '1000' }, 'PUBLISH_CONCURRENCY: must be 1 to 256'],
    [{ PUBLISH_CONCURRENCY: '2.5' }, 'PUBLISH_CONCURRENCY: must be a whole number'],
    [{ JOB_CONCURRENCY: '0' }, 'JOB_CONCURRENCY: must be 1 to 64'],
    [{ JOB_CONCURRENCY: 'many' }, 'JOB_CONCURRENCY'],
    [{ SANDBOX_LATENCY_MS: '-1' }, 'SANDBOX_LATENCY_MS: must be 0 to 60000 ms'],
    [{ SANDBOX_LATENCY_MS: '100.5' }, 'SANDBOX_LATENCY_MS: must be whole milliseconds'],
  ])('refuses %o with a sentence naming the variable', (environment, message) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(message);
  });
});
