import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NetworkMetrics } from '../../../../domain/post-metrics-schemas.ts';
import type { Post } from '../../../../domain/post.ts';
import { makePost, result } from '../../../test-support/post-fixtures.ts';
import { renderWithProviders } from '../../../test-support/render.tsx';
import { PostCard } from './post-card.tsx';
import { PostFigures } from './post-figures.tsx';

const NOW = new Date('2026-06-12T12:00:00Z');

function metrics(network: NetworkMetrics['network'], overrides: Partial<NetworkMetrics> = {}): NetworkMetrics {
  return {
    network,
    published_at: '2026-06-10T09:00:00.000Z',
    figures: null,
    read_at: null,
    unavailable: {},
    reason: null,
    reason_at: null,
    next_read_at: '2026-06-13T09:00:00.000Z',
    ...overrides,
  };
}

const FIGURES = { impressions: 2300, reach: 1234, reactions: 48, comments: 3, shares: 1, saves: 2, clicks: null, interactions: 54 };
const published = (overrides: Partial<Post>) =>
  makePost({ state: 'published', results: { instagram: result('posted'), linkedin: result('posted') }, ...overrides });

function renderFigures(post: Post, language: 'es' | 'en' | 'cat' = 'en') {
  renderWithProviders(<PostFigures post={post} now={NOW} />, language);
  return screen.getByTestId('post-figures');
}

describe('PostFigures', () => {
  afterEach(cleanup);

  it('shows each network figures compact in its own words, with when they were read', () => {
    const figures = renderFigures(
      published({
        metrics: [
          metrics('instagram', { figures: FIGURES, read_at: '2026-06-12T09:00:00.000Z' }),
          metrics('linkedin', { figures: { ...FIGURES, clicks: 7 }, read_at: '2026-06-01T09:00:00.000Z' }),
        ],
      }),
    );
    const instagram = figures.querySelector('[data-network="instagram"]') as HTMLElement;
    expect(instagram.textContent).toContain('Instagram: 1.2K reach · 2.3K views · 48 likes · 3 comments · 2 saved · 1 shares · 54 interactions');
    expect(within(instagram).getByText('read 3 hours ago')).toBeTruthy();
    const linkedin = figures.querySelector('[data-network="linkedin"]') as HTMLElement;
    expect(linkedin.textContent).toContain('LinkedIn: 2.3K impressions · 1.2K members reached · 7 clicks · 48 reactions');
    expect(linkedin.textContent).toContain('54 engagement');
    expect(within(linkedin).getByText('read on 01-06-2026')).toBeTruthy();
  });

  it('says why there are none: not yet (Instagram lag), a missing permission, a member post on LinkedIn', () => {
    const figures = renderFigures(
      published({
        metrics: [
          metrics('instagram', { reason: 'permission_missing', reason_at: '2026-06-12T09:00:00.000Z' }),
          metrics('linkedin', { reason: 'member_analytics_unavailable' }),
        ],
      }),
    );
    expect(figures.textContent).toContain('connect Instagram again to allow reading results');
    expect(figures.textContent).toContain("LinkedIn does not give this app a member's figures");
    cleanup();
    const waiting = renderFigures(published({ metrics: [] }));
    expect(waiting.textContent).toContain('Instagram: not yet: Instagram shows figures up to 48 h after publishing');
    expect(waiting.textContent).toContain('LinkedIn: not yet');
  });

  it('speaks Spanish and Catalan too', () => {
    const post = published({
      results: { instagram: result('posted'), linkedin: result('not_selected'), facebook: null },
      metrics: [metrics('instagram', { figures: FIGURES, read_at: '2026-06-12T09:00:00.000Z' })],
    });
    expect(renderFigures(post, 'es').textContent).toContain('de alcance');
    cleanup();
    expect(renderFigures(post, 'cat').textContent).toContain("d'abast");
    cleanup();
    const waiting = renderFigures(published({ results: { instagram: result('posted'), linkedin: result('not_selected'), facebook: null }, metrics: [] }), 'es');
    expect(waiting.textContent).toContain('aún no: Instagram muestra las cifras hasta 48 h después de publicar');
  });

  it('shows a Facebook page post’s reactions, comments, shares and interactions, and why there are none yet (decision 056)', () => {
    const counts = { impressions: null, reach: null, reactions: 42, comments: 7, shares: 2, saves: null, clicks: null, interactions: 51 };
    const post = published({
      results: { instagram: result('not_selected'), linkedin: result('not_selected'), facebook: result('posted') },
      metrics: [metrics('facebook', { figures: counts, read_at: '2026-06-12T09:00:00.000Z' })],
    });
    for (const [language, line] of [
      ['en', 'Facebook: 42 reactions · 7 comments · 2 shares · 51 interactions'],
      ['es', 'Facebook: 42 reacciones · 7 comentarios · 2 veces compartido · 51 interacciones'],
      ['cat', 'Facebook: 42 reaccions · 7 comentaris · 2 cops compartit · 51 interaccions'],
    ] as const) {
      const facebook = renderFigures(post, language).querySelector('[data-network="facebook"]') as HTMLElement;
      expect(facebook.textContent).toContain(line);
      cleanup();
    }
    const waiting = renderFigures(
      published({ results: { instagram: result('not_selected'), linkedin: result('not_selected'), facebook: result('posted') }, metrics: [] }),
    );
    expect(waiting.textContent).toContain('Facebook: not yet: Facebook has not given figures for it yet');
  });

  it('is not shown on a post that is not published, and the card shows it on a published one', () => {
    renderWithProviders(<PostFigures post={makePost({ state: 'scheduled' })} />, 'en');
    expect(screen.queryByTestId('post-figures')).toBeNull();
    cleanup();
    renderWithProviders(
      <PostCard post={published({ metrics: [metrics('instagram', { figures: FIGURES, read_at: '2026-06-12T09:00:00.000Z' })] })} onAction={() => {}} />,
      'en',
    );
    expect(screen.getByTestId('post-figures').textContent).toContain('reach');
  });
});
