import type { ReactNode } from 'react';

/** The networks' own action glyphs, so the previews look like the posts people will see. Decorative. */
function Glyph({ size = 24, children, filled = false }: { size?: number; children: ReactNode; filled?: boolean }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const HeartGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M12 20s-7.5-4.6-9.2-9A5 5 0 0 1 12 6.5 5 5 0 0 1 21.2 11c-1.7 4.4-9.2 9-9.2 9z" />
  </Glyph>
);
export const CommentGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M20.5 11.5a8.5 8.5 0 1 1-3.6-6.9 8.5 8.5 0 0 1 3.6 6.9zM20.5 20.5l-2.2-3.6" />
  </Glyph>
);
export const ShareGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M21 3L9.5 13M21 3l-6.5 18-5-8-7.5-3.5L21 3z" />
  </Glyph>
);
export const BookmarkGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M6 3h12v18l-6-5-6 5z" />
  </Glyph>
);
export const ThumbGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M7 21V10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 21H7zM7 10H3v11h4" />
  </Glyph>
);
export const RepostGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <path d="M4 9V7a2 2 0 0 1 2-2h12l-3-3M20 15v2a2 2 0 0 1-2 2H6l3 3" />
  </Glyph>
);
export const GlobeGlyph = ({ size = 12 }: { size?: number }) => (
  <Glyph size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z" />
  </Glyph>
);
/** The networks' marks in outline, for the card's preview buttons (named by their labels). */
export const InstagramGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </Glyph>
);
export const LinkedinGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <rect x="3" y="3" width="18" height="18" rx="3" />
    <path d="M8 10.5V17M8 7.5h.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
  </Glyph>
);
export const FacebookGlyph = ({ size }: { size?: number }) => (
  <Glyph size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M13.5 21v-7h2.5l.4-3h-2.9V9.3c0-.8.3-1.3 1.4-1.3h1.6V5.4a19 19 0 0 0-2.3-.1c-2.3 0-3.7 1.4-3.7 3.8V11H8v3h2.5v7" />
  </Glyph>
);
