import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../adapters/provider-http.ts';
import { NotPublishable, UNKNOWN_OUTCOME, outcomeBeforeCall, outcomeOfCall } from './outcomes.ts';

/**
 * Which failures are tried again (DESIGN principle 4): before the creating call anything transient;
 * the creating call itself only when it is known not to have taken effect.
 */
const linkedin = (failure: ConstructorParameters<typeof ProviderError>[1], details: ConstructorParameters<typeof ProviderError>[3] = {}) =>
  new ProviderError('linkedin', failure, `LinkedIn says ${failure}`, details);

describe('publishing: what a failure means', () => {
  it.each([
    ['an explicit 5xx answer', linkedin('server', { status: 503 }), 'retry'],
    ['a rate limit answer', linkedin('rate-limited', { status: 429 }), 'retry'],
    ['a refused connection', linkedin('network', { cause: 'ECONNREFUSED' }), 'retry'],
    ['an unknown host', linkedin('network', { cause: 'ENOTFOUND' }), 'retry'],
    ['a timeout', linkedin('network', { cause: 'TIMEOUT' }), 'unknown'],
    ['a dropped connection', linkedin('network', { cause: 'UND_ERR_SOCKET' }), 'unknown'],
    ['an answer cut off', linkedin('network', { cause: 'ANSWER_CUT_OFF' }), 'unknown'],
    ['a success without the id of the post', linkedin('server', { status: 201 }), 'unknown'],
    ['something that is not the network', new TypeError('undefined is not a function'), 'unknown'],
    ['a token no longer accepted', linkedin('invalid-token', { status: 401 }), 'failed'],
    ['a missing permission', linkedin('permission', { status: 403 }), 'failed'],
    ['a refused post', linkedin('rejected', { status: 422 }), 'failed'],
  ])('of the creating call: %s is %s', (_, error, kind) => {
    expect(outcomeOfCall('linkedin', error).kind).toBe(kind);
  });

  it('before the creating call retries whatever is transient, a timeout included, and fails what the user must mend', () => {
    expect(outcomeBeforeCall('instagram', linkedin('network', { cause: 'TIMEOUT' })).kind).toBe('retry');
    expect(outcomeBeforeCall('instagram', new Error('disk unavailable'))).toEqual({ kind: 'retry', code: 'internalError', reason: 'disk unavailable' });
    expect(outcomeBeforeCall('instagram', linkedin('rejected'))).toEqual({ kind: 'failed', code: 'rejectedByNetwork', reason: 'LinkedIn says rejected' });
    expect(outcomeBeforeCall('instagram', new NotPublishable('notConnected', 'not connected'))).toEqual({
      kind: 'failed',
      code: 'notConnected',
      reason: 'not connected',
    });
  });

  it('marks only a refused token or permission as a refused connection, before and at the creating call', () => {
    for (const failure of ['invalid-token', 'permission'] as const) {
      expect(outcomeBeforeCall('linkedin', linkedin(failure, { status: 401 }))).toMatchObject({ kind: 'failed', refusedConnection: true });
      expect(outcomeOfCall('linkedin', linkedin(failure, { status: 403 }))).toMatchObject({ kind: 'failed', refusedConnection: true });
    }
    for (const error of [
      linkedin('server', { status: 500 }),
      linkedin('rate-limited', { status: 429 }),
      linkedin('network', { cause: 'ECONNREFUSED' }),
      linkedin('network', { cause: 'TIMEOUT' }),
      linkedin('rejected', { status: 422 }),
    ]) {
      expect(outcomeBeforeCall('linkedin', error)).not.toHaveProperty('refusedConnection');
      expect(outcomeOfCall('linkedin', error)).not.toHaveProperty('refusedConnection');
    }
  });

  it("a refused page ('page') fails as pageNotPublishable and marks the page, never the connection, before and at the creating call", () => {
    for (const network of ['linkedin', 'instagram'] as const) {
      for (const outcome of [outcomeBeforeCall(network, linkedin('page', { status: 403 })), outcomeOfCall(network, linkedin('page', { status: 403 }))]) {
        expect(outcome).toMatchObject({ kind: 'failed', code: 'pageNotPublishable', refusedPage: true });
        expect(outcome).not.toHaveProperty('refusedConnection');
      }
    }
    expect(outcomeOfCall('linkedin', linkedin('page', { status: 403 })).reason).toBe(
      'LinkedIn did not allow publishing to the chosen page or account: choose another in Settings (LinkedIn says page)',
    );
  });

  it('waits as long as Retry-After says', () => {
    expect(outcomeOfCall('linkedin', linkedin('rate-limited', { status: 429, retryAfterSeconds: 120 }))).toEqual({
      kind: 'retry',
      code: 'rateLimited',
      reason: 'LinkedIn says rate-limited',
      delayMs: 120_000,
    });
  });

  it('gives each outcome the code the studio reads, and keeps the English detail for operators', () => {
    expect(outcomeOfCall('linkedin', linkedin('invalid-token', { status: 401 }))).toMatchObject({
      code: 'connectionRefused',
      reason: 'LinkedIn no longer accepts the connection: connect it again in Settings (LinkedIn says invalid-token)',
    });
    expect(outcomeOfCall('linkedin', linkedin('permission', { status: 403 }))).toMatchObject({ code: 'permissionMissing' });
    expect(outcomeOfCall('linkedin', linkedin('rejected', { status: 422 }))).toMatchObject({ code: 'rejectedByNetwork', reason: 'LinkedIn says rejected' });
    expect(outcomeOfCall('linkedin', linkedin('server', { status: 503 }))).toMatchObject({ code: 'networkUnavailable' });
    expect(outcomeOfCall('linkedin', linkedin('network', { cause: 'ECONNREFUSED' }))).toMatchObject({ code: 'networkUnavailable' });
    expect(outcomeOfCall('instagram', linkedin('network', { cause: 'TIMEOUT' }))).toEqual({
      kind: 'unknown',
      code: 'outcomeUnknown',
      reason: `${UNKNOWN_OUTCOME} (LinkedIn says network)`,
    });
    expect(outcomeOfCall('instagram', new TypeError('boom'))).toMatchObject({ kind: 'unknown', code: 'outcomeUnknown' });
  });
});
