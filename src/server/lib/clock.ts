/**
 * The server's one clock (issue 22): every read of the time goes through a `Clock`. A part that tests or
 * the sandbox move in time is given one (`now` in its dependencies, or the studio calendar built on it);
 * `systemClock` is the machine's, the default where none is given and for stamps no test fixes (a row's
 * updated_at). Lint allows `new Date()` and `Date.now()` in src/server only here (scripts/lint/one-clock.js);
 * a duration is measured with performance.now(), which no clock moves.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
