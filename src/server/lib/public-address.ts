import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { NON_PUBLIC_REASONS } from '../../domain/networks-check.ts';

/**
 * Whether a server on the internet (Meta's, fetching an Instagram image_url) can reach a URL: not a
 * loopback, private, link-local or otherwise non-public address, not `localhost` or a `.local` name, and a
 * host name that resolves to no such address. Meta downloads image_url itself "so the media must be
 * hosted on a publicly accessible server" (developers.facebook.com/docs/instagram-platform/content-publishing,
 * "Media on a public server"). Used by the app before it hands an image URL to Meta, by the start
 * warnings and the network check, and by the sandbox, which refuses such URLs as Meta does.
 */
export type NonPublicReason = (typeof NON_PUBLIC_REASONS)[number];

/** Address blocks no server on the internet reaches (IANA special-purpose registries; IPv4-mapped IPv6 follows the IPv4 rules). */
const BLOCKS: Array<[reason: Exclude<NonPublicReason, 'invalid' | 'localName' | 'notResolved'>, address: string, prefix: number, family: 'ipv4' | 'ipv6']> = [
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['loopback', '::1', 128, 'ipv6'],
  // RFC 1918, and IPv6 unique local addresses (RFC 4193).
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['linkLocal', '169.254.0.0', 16, 'ipv4'],
  ['linkLocal', 'fe80::', 10, 'ipv6'],
  // Carrier-grade NAT (RFC 6598).
  ['sharedAddress', '100.64.0.0', 10, 'ipv4'],
  ['reserved', '0.0.0.0', 8, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['reserved', '224.0.0.0', 3, 'ipv4'],
  ['reserved', '::', 128, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
  ['reserved', 'ff00::', 8, 'ipv6'],
];

const blockLists = new Map<string, BlockList>();
for (const [reason, address, prefix, family] of BLOCKS) {
  const list = blockLists.get(reason) ?? new BlockList();
  list.addSubnet(address, prefix, family);
  blockLists.set(reason, list);
}

/** Why an IP address is not public, or undefined when it is. */
export function nonPublicAddressReason(address: string): NonPublicReason | undefined {
  const family = isIP(address);
  if (family === 0) return 'invalid';
  for (const [reason, list] of blockLists) if (list.check(address, family === 4 ? 'ipv4' : 'ipv6')) return reason as NonPublicReason;
  return undefined;
}

export type HostLookup = (hostname: string) => Promise<string[]>;

/** All the addresses a name resolves to (every family), as the system resolver answers. */
export const systemLookup: HostLookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why servers on the internet could not fetch this http(s) URL, or undefined when they can. A name that
 * does not exist is `notResolved`; a resolver that cannot answer just now (EAI_AGAIN) says nothing: the
 * URL is not refused for a passing failure of our own DNS.
 */
export async function nonPublicUrlReason(url: string, lookup: HostLookup = systemLookup): Promise<NonPublicReason | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'invalid';
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) return nonPublicAddressReason(host);
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.')) return 'localName';
  let addresses: string[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return code === 'ENOTFOUND' || code === 'ENODATA' ? 'notResolved' : undefined;
  }
  if (addresses.length === 0) return 'notResolved';
  for (const address of addresses) {
    const reason = nonPublicAddressReason(address);
    if (reason) return reason;
  }
  return undefined;
}

/** The reason in a few English words, for log lines and the network check's English text. */
export const NON_PUBLIC_REASON_TEXT: Record<NonPublicReason, string> = {
  invalid: 'not an http(s) address',
  localName: 'a local name (localhost, .local or a name without a domain)',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  linkLocal: 'a link-local address',
  sharedAddress: 'a carrier-grade NAT address (100.64.0.0/10)',
  reserved: 'a reserved address',
  notResolved: 'a name that does not resolve',
};
