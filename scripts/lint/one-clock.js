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
      "CallExpression[callee.object.name='Date'][callee.property.name='now']": (node) => context.report({ node, messageId: 'rawTime' }),
    };
  },
};

export const oneClockConfig = [
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test-support/**', 'src/server/lib/clock.ts'],
    plugins: { 'one-clock': { rules: { 'no-raw-time': oneClock } } },
    rules: { 'one-clock/no-raw-time': 'error' },
  },
];
