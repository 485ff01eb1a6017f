import { checkStorageReach } from '../../adapters/storage/network-reach.ts';
import { apiVersionItem, describeItem, imageUrlsItem } from './check-items.ts';
import type { NetworksCheckDependencies } from './check-networks.ts';

/**
 * What the server says at start about the networks (compose.ts), in the network check's own words: an API
 * version of either network that has ended, ends within 90 days or is unknown (naming the variable, the end
 * and the newest version), and, with the real Instagram, image addresses Meta cannot download (naming
 * PUBLIC_URL or the S3 settings). Nothing is asked of the networks here.
 */
export async function networkStartWarnings(
  deps: Pick<NetworksCheckDependencies, 'linkedin' | 'instagram' | 'storage' | 'lookup'> & { now: Date },
): Promise<string[]> {
  const items = [
    ...(deps.linkedin ? [['linkedin', apiVersionItem('linkedin', deps.linkedin.client.apiVersion, deps.now)] as const] : []),
    ...(deps.instagram ? [['instagram', apiVersionItem('instagram', deps.instagram.client.graphVersion, deps.now)] as const] : []),
    ...(deps.instagram && !deps.instagram.sandbox ? [['instagram', imageUrlsItem(await checkStorageReach(deps.storage, deps.lookup), false)] as const] : []),
  ];
  return items.filter(([, entry]) => entry.status !== 'ok').map(([network, entry]) => describeItem(network, entry));
}
