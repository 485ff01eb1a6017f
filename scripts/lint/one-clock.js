/**
 * One clock for the server (issue 22 item 2): outside src/server/lib/clock.ts, server code reads the time
 * from a Clock (its injected `now`, the studio calendar, or systemClock), never with `new Date()` or
 * `Date.now()`, so that a test or the sandbox that moves the clock moves all of it. Tests and test-support
 * are free. A rule of its own, not no-restricted-syntax, so it adds to other configs' restrictions instead of replacing them.
 */
const MESSAGE = 'read the time from a Clock (injected `now`, the studio calendar, or systemClock in lib/clock.ts); measure durations with performance.now().';

const oneClock = {
  meta: { type: 'problem', schema: [], messages: { rawTime: MESSAGE } },
  create(context) {
    return {
      "NewExpression[callee.name='Date'][arguments.length=0]": (node) => context.report({ node, messageId: 'rawTime' }),
      // A reference too (`now = Date.now` as a default), not only a call: it reads the machine's clock later.
      "MemberExpression[object.name='Date'][property.name='now']": (node) => context.report({ node, messageId: 'rawTime' }),
    };
  },
};

/**
 * `systemClock` is the machine's clock: only the composition (compose.ts, which hands it to the app as
 * `now`) and code that runs outside it or must agree with the machine's clock may import it. The rest is
 * given the app's clock (`deps.now`) or an instant by its caller.
 */
const SYSTEM_CLOCK_MESSAGE =
  'take the clock from your dependencies (`deps.now`) or the instant from your caller; systemClock is for the composition (compose.ts).';

const noSystemClock = {
  meta: { type: 'problem', schema: [], messages: { systemClock: SYSTEM_CLOCK_MESSAGE } },
  create(context) {
    return {
      "ImportSpecifier[imported.name='systemClock']": (node) => context.report({ node, messageId: 'systemClock' }),
    };
  },
};

/** Where systemClock may be read, each for its reason (the file says it at the read). */
const SYSTEM_CLOCK_ALLOWED = [
  // The composition: the app's one clock is made here.
  'src/server/app.ts',
  'src/server/compose.ts',
  'src/server/main.ts',
  'src/server/lib/clock.ts',
  // A command of its own, outside the app's composition.
  'src/server/features/networks-check/main.ts',
  // Compared with stamps Better Auth writes and checks with the machine's clock (sessions, verifications).
  'src/server/features/events/readers.ts',
  'src/server/auth/passwords.ts',
  // Compared with the attempt limiter's windows, which are on the machine's clock.
  'src/server/auth/password-attempts.ts',
  // A Retry-After date is the provider's real time.
  'src/server/adapters/provider-http.ts',
];

export const oneClockConfig = [
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test-support/**', 'src/server/lib/clock.ts'],
    plugins: { 'one-clock': { rules: { 'no-raw-time': oneClock } } },
    rules: { 'one-clock/no-raw-time': 'error' },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test-support/**', ...SYSTEM_CLOCK_ALLOWED],
    plugins: { 'one-clock-system': { rules: { 'no-system-clock': noSystemClock } } },
    rules: { 'one-clock-system/no-system-clock': 'error' },
  },
];
