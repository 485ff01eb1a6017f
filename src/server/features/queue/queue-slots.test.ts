import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, createSignedInUsers } from '../../test-support/test-app.ts';

/**
 * The weekly queue's slots (issue 16): none by default; a customer sets their own, an administrator
 * anyone's who can own posts; the list is checked (weekday 1-7, HH:MM, no duplicates, at most 28) and
 * replaced whole; publishers and basic users have none.
 */
describe('queue slots', () => {
  let t: TestApp;
  let ids: Record<'admin' | 'clara' | 'bruno' | 'pablo', string>;
  let cookies: typeof ids;
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const rows = () =>
    t.database.db.selectFrom('queue_slots').select(['owner_id', 'weekday', 'time']).orderBy('owner_id').orderBy('weekday').orderBy('time').execute();

  beforeAll(async () => {
    t = await createTestApp();
    ({ ids, cookies } = await createSignedInUsers(t, { admin: 'admin', clara: 'customer', bruno: 'customer', pablo: 'publisher' }, 'queue.test'));
  });
  afterAll(() => t.close());

  it('has none by default; a customer sets hers, answered and kept in week order, and replaces them whole', async () => {
    expect((await call(cookies.clara, 'GET', '/api/queue-slots')).json()).toEqual({ owner_id: ids.clara, slots: [] });
    const set = await call(cookies.clara, 'PUT', '/api/queue-slots', {
      slots: [
        { weekday: 4, time: '18:00' },
        { weekday: 2, time: '09:30' },
        { weekday: 2, time: '08:00' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const sorted = [
      { weekday: 2, time: '08:00' },
      { weekday: 2, time: '09:30' },
      { weekday: 4, time: '18:00' },
    ];
    expect(set.json()).toEqual({ owner_id: ids.clara, slots: sorted });
    expect((await call(cookies.clara, 'GET', '/api/queue-slots')).json()).toEqual({ owner_id: ids.clara, slots: sorted });
    expect((await call(cookies.clara, 'PUT', '/api/queue-slots', { slots: [{ weekday: 5, time: '12:15' }] })).json().slots).toEqual([
      { weekday: 5, time: '12:15' },
    ]);
    expect(await rows()).toEqual([{ owner_id: ids.clara, weekday: 5, time: '12:15' }]);
    expect((await call(cookies.clara, 'PUT', '/api/queue-slots', { slots: [] })).json().slots).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it.each([
    [
      'a duplicate',
      [
        { weekday: 2, time: '09:30' },
        { weekday: 2, time: '09:30' },
      ],
      { 'slots.1': 'queueSlotDuplicate' },
    ],
    [
      '29 slots',
      Array.from({ length: 29 }, (_, index) => ({ weekday: (index % 7) + 1, time: `${String(Math.floor(index / 7)).padStart(2, '0')}:00` })),
      { slots: 'queueSlotsTooMany' },
    ],
    ['a weekday out of 1-7', [{ weekday: 0, time: '09:30' }], { 'slots.0.weekday': 'weekdayInvalid' }],
    ['a time not HH:MM', [{ weekday: 1, time: '9:30' }], { 'slots.0.time': 'timeInvalid' }],
  ])('refuses %s (400), changing nothing', async (_, slots, details) => {
    await call(cookies.bruno, 'PUT', '/api/queue-slots', { slots: [{ weekday: 1, time: '10:00' }] });
    const refused = await call(cookies.bruno, 'PUT', '/api/queue-slots', { slots });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details });
    expect((await call(cookies.bruno, 'GET', '/api/queue-slots')).json().slots).toEqual([{ weekday: 1, time: '10:00' }]);
  });

  it("lets an administrator read and set a customer's slots, and her own; a customer only hers", async () => {
    const set = await call(cookies.admin, 'PUT', '/api/queue-slots', { owner_id: ids.clara, slots: [{ weekday: 3, time: '11:00' }] });
    expect(set.json()).toEqual({ owner_id: ids.clara, slots: [{ weekday: 3, time: '11:00' }] });
    expect((await call(cookies.admin, 'GET', `/api/queue-slots?owner=${ids.clara}`)).json()).toEqual({
      owner_id: ids.clara,
      slots: [{ weekday: 3, time: '11:00' }],
    });
    expect((await call(cookies.admin, 'GET', '/api/queue-slots')).json()).toEqual({ owner_id: ids.admin, slots: [] });
    // A customer naming herself is fine; naming another is refused, reading or writing.
    expect((await call(cookies.clara, 'GET', `/api/queue-slots?owner=${ids.clara}`)).statusCode).toBe(200);
    expect((await call(cookies.clara, 'GET', `/api/queue-slots?owner=${ids.bruno}`)).json().error.code).toBe('FORBIDDEN');
    const refused = await call(cookies.clara, 'PUT', '/api/queue-slots', { owner_id: ids.bruno, slots: [] });
    expect(refused.statusCode).toBe(403);
    expect((await call(cookies.bruno, 'GET', '/api/queue-slots')).json().slots).toEqual([{ weekday: 1, time: '10:00' }]);
  });

  it('refuses a user who cannot own posts (400), one who does not exist (404), and publishers altogether (403)', async () => {
    const publisher = await call(cookies.admin, 'PUT', '/api/queue-slots', { owner_id: ids.pablo, slots: [{ weekday: 1, time: '10:00' }] });
    expect(publisher.statusCode).toBe(400);
    expect(publisher.json().error.details).toEqual({ owner_id: 'queueOwnerNotCustomer' });
    expect((await call(cookies.admin, 'GET', '/api/queue-slots?owner=nobody')).statusCode).toBe(404);
    expect((await call(cookies.pablo, 'GET', '/api/queue-slots')).statusCode).toBe(403);
    expect((await call(cookies.pablo, 'PUT', '/api/queue-slots', { slots: [] })).statusCode).toBe(403);
    expect((await rows()).filter((row) => row.owner_id === ids.pablo)).toEqual([]);
  });
});
