/**
 * How much a session check costs: GET /api/me (cookie → session row → user row) against the baseline
 * GET /api/health (one trivial query), over real HTTP on 127.0.0.1, same server, same run.
 *   npx tsx bench/session-check.ts [sqlite|postgres]
 * postgres needs DATABASE_URL_TEST.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createTestApp, createTestUser, signIn } from '../src/server/test-support/test-app.ts';

const REQUESTS = 4000;
const CONCURRENCY = 16;

process.env.TEST_DIALECT = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const testApp = await createTestApp();
await createTestUser(testApp, { email: 'bench@studio.es', password: 'secret-123' });
const cookie = await signIn(testApp, 'bench@studio.es', 'secret-123');
await testApp.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;

async function measure(path: string, headers: Record<string, string> = {}) {
  let next = 0;
  const latencies: number[] = [];
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const response = await fetch(base + path, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: REQUESTS / seconds, p50: latencies[Math.floor(latencies.length * 0.5)]!, p99: latencies[Math.floor(latencies.length * 0.99)]! };
}

await measure('/api/health'); // warm-up
const baseline = await measure('/api/health');
const session = await measure('/api/me', { cookie });
const line = (name: string, r: typeof baseline) => `${name.padEnd(16)} ${r.perSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms`;
console.log(`database: ${process.env.TEST_DIALECT}; ${REQUESTS} requests, ${CONCURRENCY} at a time`);
console.log(line('GET /api/health', baseline));
console.log(line('GET /api/me', session));
console.log(`session check costs ${(baseline.perSecond / session.perSecond).toFixed(2)}x the baseline's time per request`);
await testApp.close();
