import type { SocialNetwork } from '../../../domain/social.ts';

/** The networks' recognisable marks, drawn simply (decorative: the tile names the network in text). */
export function NetworkMark({ network, size = 40 }: { network: SocialNetwork; size?: number }) {
  if (network === 'linkedin') {
    return (
      <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="9" fill="#0a66c2" />
        <rect x="9" y="16" width="5" height="15" rx="1" fill="#fff" />
        <circle cx="11.5" cy="11" r="3" fill="#fff" />
        <path d="M18 16h4.8v2.1c.8-1.4 2.5-2.5 4.9-2.5 4 0 5.3 2.5 5.3 6.4V31h-5v-8c0-1.9-.4-3.2-2.3-3.2-2 0-2.7 1.4-2.7 3.3V31h-5z" fill="#fff" />
      </svg>
    );
  }
  if (network === 'facebook') {
    return (
      <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" data-network="facebook">
        <rect width="40" height="40" rx="9" fill="#0866ff" />
        <path d="M27.3 40V25.3h4.7l.8-5.8h-5.5v-3.5c0-1.7.5-2.8 2.8-2.8h2.9V8c-.5-.1-2.2-.2-4.2-.2-4.2 0-7.1 2.5-7.1 7.3v4.3h-4.7v5.8h4.7V40z" fill="#fff" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="instagram-mark" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#feda75" />
          <stop offset="0.35" stopColor="#fa7e1e" />
          <stop offset="0.6" stopColor="#d62976" />
          <stop offset="0.85" stopColor="#962fbf" />
          <stop offset="1" stopColor="#4f5bd5" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="9" fill="url(#instagram-mark)" />
      <rect x="9.5" y="9.5" width="21" height="21" rx="6" fill="none" stroke="#fff" strokeWidth="2.4" />
      <circle cx="20" cy="20" r="5" fill="none" stroke="#fff" strokeWidth="2.4" />
      <circle cx="26.3" cy="13.7" r="1.5" fill="#fff" />
    </svg>
  );
}
