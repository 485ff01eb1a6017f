import { escapeHtml } from '../domain/html.ts';
import type { SandboxContext } from './context.ts';
import { page } from './html.ts';
import { authorPerson } from './studios.ts';

/**
 * The pages behind the permalinks the sandbox hands out, so a published post's link opens something:
 * `/linkedin/web/feed/update/{urn}` looks like a post in LinkedIn's feed, `/meta/p/{shortcode}/` like
 * a post on Instagram. Author, picture, text, the sandbox's own copies of the images, and the date.
 */
export interface PostPage {
  status: 200 | 404;
  html: string;
}

const STYLES = `
.feed-post{background:#fff;border:1px solid #e0dfdc;border-radius:10px;overflow:hidden}
.feed-post .author{display:flex;gap:10px;padding:14px 16px 6px}
.feed-post .author img,.feed-post .author .initials{width:48px;height:48px;border-radius:50%;flex:none}
.feed-post .author .initials{display:grid;place-items:center;background:#56687a;color:#fff;font-weight:600;border-radius:4px}
.feed-post .author img.page{border-radius:4px}
.feed-post .author strong{display:block;font-size:14px}
.feed-post .author small{display:block;color:#666;font-size:12px;line-height:1.35}
.feed-post .commentary{white-space:pre-wrap;margin:6px 16px 12px;font-size:14px;overflow-wrap:anywhere}
.feed-post .tag{color:#0a66c2;font-weight:600}
.feed-post .media{display:grid;gap:2px}
.feed-post .media.n2{grid-template-columns:repeat(2,1fr)}
.feed-post .media.n3{grid-template-columns:repeat(2,1fr)}
.feed-post .media.n4{grid-template-columns:repeat(3,1fr)}
.feed-post .media>*{position:relative;aspect-ratio:1}
.feed-post .media img{width:100%;height:100%;object-fit:cover;display:block}
.feed-post .media.n1>*,.feed-post .media.n3>:first-child,.feed-post .media.n4>:first-child{grid-column:1 / -1;aspect-ratio:auto;max-height:560px}
.feed-post .media .more{position:absolute;inset:0;display:grid;place-items:center;background:rgba(0,0,0,.55);color:#fff;font-size:28px;font-weight:600}
.feed-post .bar{display:flex;justify-content:space-around;border-top:1px solid #e8e8e8;margin:0 12px;padding:4px 0;color:#666;font-size:14px;font-weight:600}
.feed-post .bar span{padding:10px 8px}
.ig-post{background:#fff;border:1px solid #dbdbdb;border-radius:8px;max-width:470px;margin:0 auto;color:#000;font-size:14px}
.ig-post .author{display:flex;align-items:center;gap:10px;padding:12px 14px}
.ig-post .author img{width:32px;height:32px;border-radius:50%}
.ig-post .author strong{font-size:14px}
.ig-post .author small{display:block;font-size:12px;color:#737373}
.ig-post .slides{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;background:#000}
.ig-post .slides img{flex:0 0 100%;width:100%;scroll-snap-align:start;object-fit:contain;max-height:588px;display:block}
.ig-post .dots{display:flex;justify-content:center;gap:4px;padding-top:10px}
.ig-post .dots i{width:6px;height:6px;border-radius:50%;background:#a8a8a8}
.ig-post .dots i:first-child{background:#0095f6}
.ig-post .icons{display:flex;gap:14px;padding:10px 14px 4px}
.ig-post .likes{padding:0 14px;font-weight:600}
.ig-post .caption{white-space:pre-wrap;padding:6px 14px 0;margin:0;overflow-wrap:anywhere}
.ig-post .tag{color:#00376b}
.ig-post time{display:block;padding:8px 14px 14px;font-size:11px;color:#737373;text-transform:uppercase;letter-spacing:.02em}
.missing{text-align:center}
.back{margin-top:18px;font-size:13px;color:#56687a;text-align:center}
`;

const ICON = (path: string) =>
  `<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" aria-hidden="true">${path}</svg>`;
const HEART = ICON('<path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"/>');
const COMMENT = ICON('<path d="M20.7 16.5A9 9 0 1 0 17 20l4 1-.3-4.5z"/>');
const SHARE = ICON('<path d="M22 3 9.2 10.1M22 3l-7 18-5.8-10.9L2 7z"/>');
const GLOBE =
  '<svg width="12" height="12" viewBox="0 0 16 16" fill="none" stroke="currentColor" stroke-width="1.4" aria-label="Public" role="img" style="vertical-align:-1px"><circle cx="8" cy="8" r="6.5"/><path d="M1.5 8h13M8 1.5c2 2 2 11 0 13M8 1.5c-2 2-2 11 0 13"/></svg>';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "21 November 2026, 09:05 UTC": the sandbox does not know the studio's time zone. */
function longDate(epochMs: number): string {
  const date = new Date(epochMs);
  const time = date.toISOString().slice(11, 16);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${time} UTC`;
}

/** Escaped text with its hashtags marked, as both networks colour them. */
function withHashtags(text: string): string {
  return text
    .split(/(#[\p{L}\p{N}_]+)/u)
    .map((part, index) => (index % 2 === 1 ? `<span class="tag">${escapeHtml(part)}</span>` : escapeHtml(part)))
    .join('');
}

/** LinkedIn stores the commentary as "little text"; its web page shows the characters, not the backslashes. */
export const fromLittleText = (text: string) => text.replace(/\\(.)/gsu, '$1');

const summary = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

function notFound(network: 'linkedin' | 'meta' | 'facebook', title: string, detail: string, context: SandboxContext): PostPage {
  const mark =
    network === 'linkedin' ? '<div class="mark linkedin">in</div>LinkedIn' : `<div class="mark meta">f</div>${network === 'meta' ? 'Instagram' : 'Facebook'}`;
  return {
    status: 404,
    html: page({
      title,
      styles: STYLES,
      body: `<div class="card missing"><div class="brand">${mark}</div><h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(detail)}</p>
<p class="back"><a href="${escapeHtml(`${context.prefix}/`)}">What the sandbox published</a></p></div>`,
    }),
  };
}

export function linkedinPostPage(context: SandboxContext, urn: string): PostPage {
  const { linkedin } = context.store.state;
  const post = linkedin.posts.find((candidate) => candidate.id === urn && !candidate.deleted);
  if (!post) return notFound('linkedin', 'This post cannot be displayed', 'It may have been deleted, or the link is not right.', context);

  const member = authorPerson(context.store, post.author);
  const isMember = member !== undefined;
  const organization = linkedin.organizations.find((entry) => `urn:li:organization:${entry.id}` === post.author);
  const name = member ? `${member.givenName} ${member.familyName}` : (organization?.name ?? post.author);
  const subtitle = member ? member.headline : organization ? `Company page · linkedin.com/company/${organization.vanityName}` : 'LinkedIn';
  const picture = isMember
    ? `<img src="${escapeHtml(`${context.publicBase}/linkedin/media/member.svg`)}" alt="${escapeHtml(name)}">`
    : organization?.logo
      ? `<img class="page" src="${escapeHtml(`${context.publicBase}/linkedin/media/logos/${organization.id}.svg`)}" alt="${escapeHtml(name)}">`
      : `<div class="initials" aria-hidden="true">${escapeHtml(name.slice(0, 1).toUpperCase())}</div>`;
  const text = fromLittleText(post.commentary);
  // As in LinkedIn's feed: one large picture, then up to three below it, the last one counting the rest.
  const shown = post.images.slice(0, 4);
  const images = shown
    .map((image, index) => {
      const img = `<img src="${escapeHtml(`${context.publicBase}/linkedin/media/images/${image.id}`)}" alt="${escapeHtml(image.altText ?? `Image ${index + 1} of ${post.images.length}`)}">`;
      const more = index === shown.length - 1 && post.images.length > shown.length ? `<span class="more">+${post.images.length - shown.length}</span>` : '';
      return `<div>${img}${more}</div>`;
    })
    .join('');
  return {
    status: 200,
    html: page({
      title: `${name} on LinkedIn: ${summary(text)}`,
      styles: STYLES,
      body: `<article class="feed-post" data-urn="${escapeHtml(post.id)}">
<header class="author">${picture}<div><strong>${escapeHtml(name)}</strong><small>${escapeHtml(subtitle)}</small>
<small><time datetime="${new Date(post.createdAt).toISOString()}">${escapeHtml(longDate(post.createdAt))}</time> · ${GLOBE}</small></div></header>
<p class="commentary">${withHashtags(text)}</p>
${images ? `<div class="media n${shown.length}">${images}</div>` : ''}
<div class="bar" aria-hidden="true"><span>Like</span><span>Comment</span><span>Repost</span><span>Send</span></div>
</article>
<p class="back"><a href="${escapeHtml(`${context.prefix}/`)}">What the sandbox published</a></p>`,
    }),
  };
}

/** A Facebook Page post (meta-pages.ts) at its permalink `/meta/facebook/{page-id}/posts/{post-id}`: the page, the text, the photos. */
export function facebookPostPage(context: SandboxContext, pageId: string, postNumber: string): PostPage {
  const { meta } = context.store.state;
  const post = meta.pagePosts[`${pageId}_${postNumber}`];
  const entry = meta.pages.find((candidate) => candidate.id === pageId);
  if (!post || !entry)
    return notFound('facebook', 'This content isn’t available right now', 'The link may be broken, or the post may have been removed.', context);
  const shown = post.photoIds.slice(0, 4);
  const images = shown
    .map((id, index) => {
      const img = `<img src="${escapeHtml(`${context.publicBase}/meta/media/page-photos/${id}`)}" alt="${escapeHtml(`Photo ${index + 1} of ${post.photoIds.length}`)}">`;
      const more = index === shown.length - 1 && post.photoIds.length > shown.length ? `<span class="more">+${post.photoIds.length - shown.length}</span>` : '';
      return `<div>${img}${more}</div>`;
    })
    .join('');
  return {
    status: 200,
    html: page({
      title: `${entry.name} on Facebook: ${summary(post.message)}`,
      styles: STYLES,
      body: `<article class="feed-post" data-post-id="${escapeHtml(post.id)}">
<header class="author"><div class="initials" aria-hidden="true">${escapeHtml(entry.name.slice(0, 1).toUpperCase())}</div><div><strong>${escapeHtml(entry.name)}</strong>
<small><time datetime="${new Date(post.createdAt).toISOString()}">${escapeHtml(longDate(post.createdAt))}</time> · ${GLOBE}</small></div></header>
<p class="commentary">${escapeHtml(post.message)}</p>
${images ? `<div class="media n${shown.length}">${images}</div>` : ''}
<div class="bar" aria-hidden="true"><span>Like</span><span>Comment</span><span>Share</span></div>
</article>
<p class="back"><a href="${escapeHtml(`${context.prefix}/`)}">What the sandbox published</a></p>`,
    }),
  };
}

export function instagramPostPage(context: SandboxContext, shortcode: string): PostPage {
  const { meta } = context.store.state;
  const media = Object.values(meta.media).find((entry) => entry.shortcode === shortcode);
  if (!media) return notFound('meta', "Sorry, this page isn't available.", 'The link you followed may be broken, or the page may have been removed.', context);

  const account = meta.pages.find((entry) => entry.instagram?.id === media.igUserId)?.instagram;
  const username = account?.username ?? media.igUserId;
  const images = media.files.map((file) => `${context.publicBase}/meta/media/images/${file.replace(/^ig-/, '')}`);
  const slides = images
    .map((url, index) => `<img src="${escapeHtml(url)}" alt="${escapeHtml(`Photo ${index + 1} of ${images.length} by @${username}`)}">`)
    .join('');
  const dots = images.length > 1 ? `<div class="dots" aria-hidden="true">${images.map(() => '<i></i>').join('')}</div>` : '';
  return {
    status: 200,
    html: page({
      title: `${account?.name ?? username} (@${username}) on Instagram: ${summary(media.caption)}`,
      styles: STYLES,
      body: `<article class="ig-post" data-media-id="${escapeHtml(media.id)}">
<header class="author"><img src="${escapeHtml(`${context.publicBase}/meta/media/profile/${media.igUserId}.svg`)}" alt="${escapeHtml(`@${username}'s profile picture`)}">
<div><strong>${escapeHtml(username)}</strong>${account ? `<small>${escapeHtml(account.name)}</small>` : ''}</div></header>
<div class="slides">${slides}</div>${dots}
<div class="icons" aria-hidden="true">${HEART}${COMMENT}${SHARE}</div>
<div class="likes">Be the first to like this</div>
${media.caption ? `<p class="caption"><strong>${escapeHtml(username)}</strong> ${withHashtags(media.caption)}</p>` : ''}
<time datetime="${new Date(media.timestamp).toISOString()}">${escapeHtml(longDate(media.timestamp))}</time>
</article>
<p class="back"><a href="${escapeHtml(`${context.prefix}/`)}">What the sandbox published</a></p>`,
    }),
  };
}
