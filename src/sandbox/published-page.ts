import { escapeHtml } from '../domain/html.ts';
import type { SandboxContext } from './context.ts';
import { page } from './html.ts';
import { LINKEDIN_MEMBER } from './personas.ts';
import { fromLittleText } from './post-pages.ts';
import { authorPerson } from './studios.ts';

/**
 * What the sandbox "published", newest first, as JSON (for tests) and as a page (for people): the
 * LinkedIn posts with their author and images, the Instagram media with their account and images, each
 * image with the description it was sent with ('' when none), and the Facebook Page posts (meta-pages.ts).
 */
export interface PublishedOverview {
  linkedin: Array<{
    id: string;
    author: string;
    authorName: string;
    commentary: string;
    images: string[];
    altTexts: string[];
    permalink: string;
    createdAt: string;
  }>;
  instagram: Array<{
    id: string;
    account: string;
    username: string;
    mediaType: string;
    caption: string;
    images: string[];
    altTexts: string[];
    permalink: string;
    publishedAt: string;
  }>;
  facebook: Array<{
    /** `{page-id}_{post-id}`. */
    id: string;
    page: string;
    pageName: string;
    message: string;
    images: string[];
    permalink: string;
    createdAt: string;
  }>;
  /** Every photo the pages received (POST /{page-id}/photos), oldest first: published, attached to a post (`post`), or waiting unattached. */
  facebookPhotos: Array<{ id: string; page: string; published: boolean; post: string | null; createdAt: string }>;
}

export function publishedOverview(context: SandboxContext): PublishedOverview {
  const { linkedin, meta } = context.store.state;
  const authorName = (author: string) => {
    const member = authorPerson(context.store, author);
    return member
      ? `${member.givenName} ${member.familyName}`
      : (linkedin.organizations.find((entry) => `urn:li:organization:${entry.id}` === author)?.name ?? author);
  };
  return {
    linkedin: linkedin.posts
      .filter((post) => !post.deleted)
      .map((post) => ({
        id: post.id,
        author: post.author,
        authorName: authorName(post.author),
        commentary: post.commentary,
        images: post.images.map((image) => `${context.publicBase}/linkedin/media/images/${image.id}`),
        altTexts: post.images.map((image) => image.altText ?? ''),
        permalink: `${context.publicBase}/linkedin/web/feed/update/${post.id}`,
        createdAt: new Date(post.createdAt).toISOString(),
      }))
      .reverse(),
    instagram: Object.values(meta.media)
      .map((media) => ({
        id: media.id,
        account: media.igUserId,
        // A page's account, or one with no page (Instagram Login's Creator accounts).
        username:
          meta.pages.find((entry) => entry.instagram?.id === media.igUserId)?.instagram?.username ??
          meta.instagramAccounts.find((account) => account.id === media.igUserId)?.username ??
          media.igUserId,
        mediaType: media.mediaType,
        caption: media.caption,
        images: media.files.map((file) => `${context.publicBase}/meta/media/images/${file.replace(/^ig-/, '')}`),
        altTexts: instagramAltTexts(context, media.containerId),
        permalink: `${context.publicBase}/meta/p/${media.shortcode}/`,
        publishedAt: new Date(media.timestamp).toISOString(),
      }))
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)),
    facebook: Object.values(meta.pagePosts)
      .map((post) => ({
        id: post.id,
        page: post.pageId,
        pageName: meta.pages.find((entry) => entry.id === post.pageId)?.name ?? post.pageId,
        message: post.message,
        images: post.photoIds.map((id) => `${context.publicBase}/meta/media/page-photos/${id}`),
        permalink: `${context.publicBase}/meta/facebook/${post.pageId}/posts/${post.id.split('_')[1]}`,
        createdAt: new Date(post.createdAt).toISOString(),
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)),
    facebookPhotos: Object.values(meta.pagePhotos)
      .map((photo) => ({
        id: photo.id,
        page: photo.pageId,
        published: photo.published,
        post: photo.postId ?? null,
        createdAt: new Date(photo.createdAt).toISOString(),
      }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)),
  };
}

/** A medium's descriptions: its one image container's, or each carousel child's, in order. */
function instagramAltTexts(context: SandboxContext, containerId: string): string[] {
  const { containers } = context.store.state.meta;
  const container = containers[containerId];
  if (!container) return [];
  const images = container.mediaType === 'CAROUSEL' ? (container.children ?? []).map((child) => containers[child]) : [container];
  return images.map((image) => image?.altText ?? '');
}

const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

export function publishedPage(context: SandboxContext): string {
  const overview = publishedOverview(context);
  const { linkedin, meta } = context.store.state;
  // Each entry links to the post's own page, the permalink Alzado was given.
  const permalink = (url: string, iso: string) =>
    `<span><time datetime="${escapeHtml(iso)}">${when(iso)}</time> · <a href="${escapeHtml(url)}">Open post</a></span>`;
  const images = (urls: string[], altTexts: string[]) =>
    urls.length
      ? `<div class="images">${urls.map((url, index) => `<img src="${escapeHtml(url)}" alt="${escapeHtml(altTexts[index] ?? '')}" title="${escapeHtml(altTexts[index] ?? '')}">`).join('')}</div>`
      : '';
  const linkedinPosts = overview.linkedin.length
    ? overview.linkedin
        .map(
          (
            post,
          ) => `<article class="post"><header><span><strong>${escapeHtml(post.authorName)}</strong> · ${escapeHtml(post.author)}</span>${permalink(post.permalink, post.createdAt)}</header>
<p>${escapeHtml(fromLittleText(post.commentary))}</p>${images(post.images, post.altTexts)}</article>`,
        )
        .join('')
    : '<p class="empty">Nothing published on LinkedIn yet.</p>';
  const instagramPosts = overview.instagram.length
    ? overview.instagram
        .map(
          (
            media,
          ) => `<article class="post" id="media-${escapeHtml(media.id)}"><header><span><strong>@${escapeHtml(media.username)}</strong> · ${media.mediaType === 'CAROUSEL_ALBUM' ? 'carousel' : 'image'}</span>${permalink(media.permalink, media.publishedAt)}</header>
<p>${escapeHtml(media.caption)}</p>${images(media.images, media.altTexts)}</article>`,
        )
        .join('')
    : '<p class="empty">Nothing published on Instagram yet.</p>';
  const facebookPosts = overview.facebook.length
    ? overview.facebook
        .map(
          (
            post,
          ) => `<article class="post" id="post-${escapeHtml(post.id)}"><header><span><strong>${escapeHtml(post.pageName)}</strong> · ${escapeHtml(post.page)}</span>${permalink(post.permalink, post.createdAt)}</header>
<p>${escapeHtml(post.message)}</p>${images(post.images, [])}</article>`,
        )
        .join('')
    : '<p class="empty">Nothing published on Facebook yet.</p>';
  const organizations = linkedin.organizations
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.name)}</td><td>urn:li:organization:${entry.id}</td><td>${escapeHtml(entry.role)} · ${escapeHtml(entry.state)}</td></tr>`,
    )
    .join('');
  const pages = meta.pages
    .map(
      (entry) =>
        `<tr><td>${escapeHtml(entry.name)}</td><td>${escapeHtml(entry.id)}</td><td>${entry.instagram ? `@${escapeHtml(entry.instagram.username)}` : '—'}</td></tr>`,
    )
    .join('');
  const base = context.publicBase;
  return page({
    title: 'Alzado sandbox · published',
    wide: true,
    body: `<h1>What the sandbox published</h1>
<p class="lead">Posts that Alzado sent to the local LinkedIn, Instagram and Facebook, newest first. Also as JSON at <a href="${escapeHtml(base)}/published.json">${escapeHtml(base)}/published.json</a>.</p>
<section><h2>LinkedIn</h2><div class="posts">${linkedinPosts}</div></section>
<section><h2>Instagram</h2><div class="posts">${instagramPosts}</div></section>
<section><h2>Facebook</h2><div class="posts">${facebookPosts}</div></section>
<section class="card"><h2>The sandbox's accounts</h2>
<p class="lead">LinkedIn member ${escapeHtml(`${LINKEDIN_MEMBER.givenName} ${LINKEDIN_MEMBER.familyName}`)} (urn:li:person:${LINKEDIN_MEMBER.sub}); only approved ADMINISTRATOR roles count as pages to publish to.</p>
<table><thead><tr><th>Organization</th><th>URN</th><th>Role</th></tr></thead><tbody>${organizations}</tbody></table>
<p class="lead" style="margin-top:18px">Facebook pages and their Instagram business accounts:</p>
<table><thead><tr><th>Page</th><th>Id</th><th>Instagram</th></tr></thead><tbody>${pages}</tbody></table></section>
<section class="card" style="margin-top:28px"><h2>Making it misbehave</h2>
<p class="lead">The next requests to a network's API can fail on purpose (kind: server-error, rate-limit, slow, drop; times: 0 for always):</p>
<code class="block">curl -X POST ${escapeHtml(base)}/control/faults -H 'content-type: application/json' \\
  -d '{"network":"linkedin","kind":"server-error","times":1}'
curl -X POST ${escapeHtml(base)}/control/expire-tokens -H 'content-type: application/json' -d '{"network":"meta"}'
curl -X POST ${escapeHtml(base)}/control/revoke-tokens -H 'content-type: application/json' -d '{"network":"linkedin"}'
curl -X DELETE ${escapeHtml(base)}/control/faults
curl -X POST ${escapeHtml(base)}/control/reset</code></section>`,
  });
}
