import type { PostNetwork } from '../../../domain/post.ts';

/**
 * Where a person checks whether a post went out on the account it was sent to (decision 025): the
 * account's page on the network, built from the target the result recorded. With the sandbox there is
 * no account page: its list of what it published (`/sandbox`, which Settings links too) is the network.
 */
export interface PublishedTarget {
  target_id: string | null;
  target_name: string | null;
}

const LINKEDIN_ORGANIZATION = /^urn:li:organization:(\d+)$/;
const LINKEDIN_PERSON = /^urn:li:person:/;

export function accountPageOf(network: PostNetwork, target: PublishedTarget, sandboxed: boolean): string | null {
  if (target.target_id === null) return null;
  if (sandboxed) return '/sandbox';
  if (network === 'instagram') {
    // The result names the business account by its username, which is its address on Instagram.
    return target.target_name ? `https://www.instagram.com/${encodeURIComponent(target.target_name)}/` : null;
  }
  // A Facebook Page's address by its id.
  if (network === 'facebook') return `https://www.facebook.com/${encodeURIComponent(target.target_id)}`;
  const organization = LINKEDIN_ORGANIZATION.exec(target.target_id);
  if (organization) return `https://www.linkedin.com/company/${organization[1]}/posts/`;
  // A member's profile address is a vanity name Alzado is never given; LinkedIn opens the signed-in
  // member's own activity at /in/me/, which is the account when its owner checks.
  if (LINKEDIN_PERSON.test(target.target_id)) return 'https://www.linkedin.com/in/me/recent-activity/all/';
  return null;
}
