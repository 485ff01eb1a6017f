/**
 * The server's one clock (issue 22): every read of the time goes through a `Clock`. compose.ts makes the
 * app's (`AppDependencies.now`) and every feature is given it as `now`; `systemClock` is the machine's, read
 * only there and by the few exceptions scripts/lint/one-clock.js lists. Lint allows `new Date()` and
 * `Date.now()` in src/server only here; a duration is measured with performance.now(), which no clock moves.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
