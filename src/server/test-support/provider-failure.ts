import { expect } from 'vitest';
import { ProviderError } from '../adapters/provider-http.ts';

/** The ProviderError a client's call fails with (the adapters' tests against the sandbox); the test fails if it does not fail so. */
export async function providerFailure(call: Promise<unknown>): Promise<ProviderError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
