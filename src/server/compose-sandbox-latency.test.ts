import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAppSandbox } from './compose.ts';
import { loadConfig } from './config.ts';

/** The sandbox the app mounts answers every API call after SANDBOX_LATENCY_MS (docs/decisions/020), also after a reset. */
describe('the app’s sandbox and SANDBOX_LATENCY_MS', () => {
  it('sets both networks’ latency, kept across a reset; unset, none', async () => {
    const settingsOf = async (environment: Record<string, string>) => {
      const sandbox = createAppSandbox(loadConfig(environment), { inMemory: true })!;
      const app = Fastify({ logger: false });
      await app.register(sandbox.plugin, { prefix: sandbox.prefix });
      try {
        sandbox.control.reset();
        const control = await app.inject({ method: 'GET', url: `${sandbox.prefix}/control` });
        const { linkedin, meta } = (control.json() as { settings: { linkedin: { latencyMs: number }; meta: { latencyMs: number } } }).settings;
        return [linkedin.latencyMs, meta.latencyMs];
      } finally {
        await app.close();
      }
    };
    expect(await settingsOf({ SANDBOX_LATENCY_MS: '100' })).toEqual([100, 100]);
    expect(await settingsOf({})).toEqual([0, 0]);
  });
});
