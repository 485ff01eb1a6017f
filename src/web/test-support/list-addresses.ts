import { expect, it } from 'vitest';
import { type ListSchema, readListState } from '../lib/list-state.ts';

/** The query schema of the domain a list's address mirrors (zod's safeParse and parse, structurally). */
interface DomainQuerySchema {
  safeParse(input: unknown): { success: boolean; data?: unknown };
  parse(input: unknown): unknown;
}

/** A list's schema reads each address as the domain's query schema does (the defaults when refused), key by key. */
export function itReadsAddressesAsTheDomain(schema: ListSchema, domain: DomainQuerySchema, addresses: readonly string[]): void {
  it.each(addresses)('reads "%s" as the domain schema does', (address) => {
    const params = new URLSearchParams(address);
    const parsed = domain.safeParse(Object.fromEntries(params));
    const expected = (parsed.success ? parsed.data : domain.parse({})) as Record<string, unknown>;
    const read = readListState(schema, params) as Record<string, unknown>;
    expect(read).toEqual(Object.fromEntries(Object.keys(read).map((key) => [key, expected[key]])));
  });
}
