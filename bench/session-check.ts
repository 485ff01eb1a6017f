/**
 * How much a session check costs: GET /api/me (cookie → session row → user row) against the baseline
 * GET /api/health (one trivial query), over real HTTP on 127.0.0.1, same server, same run.
 *   npx tsx bench/session-check.ts [sqlite|postgres]
 * postgres needs DATABASE_URL_TEST.
 */
import type { AddressInfo } from 'node:net';
import { createTestApp, createTestUser, signIn } from '../src/server/test-support/test-app.ts';
import { type Figures, timeRequests } from './support/timing.ts';

const LOAD = { requests: 4000, concurrency: 16, warmUp: 0 };

process.env.TEST_DIALECT = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const testApp = await createTestApp();
await createTestUser(testApp, { email: 'bench@studio.es', password: 'secret-123' });
const cookie = await signIn(testApp, 'bench@studio.es', 'secret-123');
await testApp.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;

await timeRequests(base, '/api/health', undefined, LOAD); // warm-up
const baseline = await timeRequests(base, '/api/health', undefined, LOAD);
const session = await timeRequests(base, '/api/me', cookie, LOAD);
const line = (name: string, r: Figures) =>
  `${name.padEnd(16)} ${r.perSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms`;
console.log(`database: ${process.env.TEST_DIALECT}; ${LOAD.requests} requests, ${LOAD.concurrency} at a time`);
console.log(line('GET /api/health', baseline));
console.log(line('GET /api/me', session));
console.log(`session check costs ${(baseline.perSecond / session.perSecond).toFixed(2)}x the baseline's time per request`);
await testApp.close();
