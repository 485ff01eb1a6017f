import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Home, homeSchema } from '../../../domain/home.ts';
import { type TestApp, createTestApp, createTestUser, signIn } from '../../test-support/test-app.ts';
import { createConnection } from '../../test-support/home-fixtures.ts';

/**
 * The dashboard's connections: expiring within the token refresh's window (7 days by default, what
 * Settings and the e-mail warn of) or lost (closed by the app, or open with an expired token); a
 * connection its user disconnected, or never made, is no alert. Everyone sees their own; an
 * administrator also every other user's.
 */

const NOW = new Date('2025-06-10T10:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

describe('home: connections expiring or lost', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  const connectionsOf = async (name: string): Promise<NonNullable<Home['connections']>> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home', headers: { cookie: cookies[name]! } });
    expect(response.statusCode, response.body).toBe(200);
    return homeSchema.parse(response.json()).connections!;
  };
  const summary = (connections: NonNullable<Home['connections']>) => connections.items.map((item) => [item.user.email, item.network, item.problem, item.mine]);

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const db = t.database.db;
    const users = {
      admin: await createTestUser(t, { email: 'admin@studio.es', role: 'admin' }),
      clara: await createTestUser(t, { email: 'clara@cliente.es', role: 'customer' }),
      bruno: await createTestUser(t, { email: 'bruno@cliente.es', role: 'customer' }),
      pablo: await createTestUser(t, { email: 'pablo@publica.es', role: 'publisher' }),
    };
    for (const [name, user] of Object.entries(users)) cookies[name] = await signIn(t, user.email, user.password);
    const connectedAt = new Date('2025-05-01T10:00:00Z');
    // Clara: LinkedIn expires in 3 days (warned), Instagram in 8 (not yet).
    await createConnection(db, { userId: users.clara.id, network: 'linkedin', connected: true, expiresAt: inDays(3), connectedAt, accountName: 'Clara Roca' });
    await createConnection(db, { userId: users.clara.id, network: 'instagram', connected: true, expiresAt: inDays(8), connectedAt });
    // Bruno: LinkedIn closed by the app (a refused token); Instagram disconnected by himself.
    await createConnection(db, { userId: users.bruno.id, network: 'linkedin', connected: false, expiresAt: inDays(30), connectedAt });
    await createConnection(db, {
      userId: users.bruno.id,
      network: 'instagram',
      connected: false,
      expiresAt: inDays(30),
      connectedAt,
      disconnectedAt: inDays(-1),
    });
    // Pablo: LinkedIn still open with a token expired yesterday; an Instagram row never connected.
    await createConnection(db, { userId: users.pablo.id, network: 'linkedin', connected: true, expiresAt: inDays(-1), connectedAt });
    await createConnection(db, { userId: users.pablo.id, network: 'instagram', connected: false, expiresAt: null, connectedAt: null });
  });
  afterAll(() => t.close());

  it('gives each user their own: expiring within the window, lost when closed by the app or expired', async () => {
    expect(summary(await connectionsOf('clara'))).toEqual([['clara@cliente.es', 'linkedin', 'expiring', true]]);
    expect((await connectionsOf('clara')).items[0]).toMatchObject({ account_name: 'Clara Roca', expires_at: inDays(3).toISOString() });
    expect(summary(await connectionsOf('bruno'))).toEqual([['bruno@cliente.es', 'linkedin', 'lost', true]]);
    expect(summary(await connectionsOf('pablo'))).toEqual([['pablo@publica.es', 'linkedin', 'lost', true]]);
    // The administrator has none of their own: what they see is the others'.
    expect((await connectionsOf('admin')).items.some((item) => item.mine)).toBe(false);
  });

  it("gives an administrator every user's, their own first, then the lost before the expiring, soonest first", async () => {
    const admin = await createTestUser(t, { email: 'otra-admin@studio.es', role: 'admin' });
    await createConnection(t.database.db, {
      userId: admin.id,
      network: 'instagram',
      connected: true,
      expiresAt: inDays(6),
      connectedAt: new Date('2025-05-01T10:00:00Z'),
    });
    const connections = await connectionsOf('admin');
    expect(connections.count).toBe(4);
    expect(summary(connections)).toEqual([
      ['bruno@cliente.es', 'linkedin', 'lost', false],
      ['pablo@publica.es', 'linkedin', 'lost', false],
      ['clara@cliente.es', 'linkedin', 'expiring', false],
      ['otra-admin@studio.es', 'instagram', 'expiring', false],
    ]);
    cookies.otherAdmin = await signIn(t, admin.email, admin.password);
    expect(summary(await connectionsOf('otherAdmin'))[0]).toEqual(['otra-admin@studio.es', 'instagram', 'expiring', true]);
  });
});
