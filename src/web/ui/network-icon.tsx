import type { PostNetwork } from '../../domain/post.ts';

/**
 * A network's small mark in its colour, for lists where space is short (the calendar's posts).
 * Decorative: what holds it names the networks in text.
 */
export function NetworkIcon({ network, size = 14 }: { network: PostNetwork; size?: number }) {
  if (network === 'linkedin') {
    return (
      <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false" data-network="linkedin">
        <rect width="16" height="16" rx="3" fill="#0a66c2" />
        <rect x="3.4" y="6.4" width="2" height="6.2" fill="#fff" />
        <circle cx="4.4" cy="4.3" r="1.2" fill="#fff" />
        <path d="M7.2 6.4h1.9v.9c.3-.6 1-1 2-1 1.6 0 2.1 1 2.1 2.6v3.7h-2V9.3c0-.8-.2-1.3-.9-1.3-.8 0-1.1.6-1.1 1.4v3.2h-2z" fill="#fff" />
      </svg>
    );
  }
  if (network === 'facebook') {
    return (
      <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false" data-network="facebook">
        <rect width="16" height="16" rx="3" fill="#0866ff" />
        <path d="M10.9 16V10.1h1.9l.3-2.3h-2.2V6.4c0-.7.2-1.1 1.1-1.1h1.2V3.2c-.2 0-.9-.1-1.7-.1-1.7 0-2.9 1-2.9 3v1.7H6.7v2.3h1.9V16z" fill="#fff" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false" data-network="instagram">
      <rect width="16" height="16" rx="4" fill="#c13584" />
      <rect x="3.5" y="3.5" width="9" height="9" rx="2.6" fill="none" stroke="#fff" strokeWidth="1.3" />
      <circle cx="8" cy="8" r="2.1" fill="none" stroke="#fff" strokeWidth="1.3" />
      <circle cx="10.9" cy="5.1" r="0.7" fill="#fff" />
    </svg>
  );
}
