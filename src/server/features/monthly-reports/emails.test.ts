import { describe, expect, it } from 'vitest';
import type { Results } from '../../../domain/results.ts';
import { monthlyReportEmail } from './emails.ts';

/**
 * The monthly e-mail's line per network: impressions, reach and interactions where the network gives them;
 * Facebook's posts give their own reactions, comments and shares only (decision 056), so its line says those
 * and its interactions, never "impressions: 0".
 */
const ZERO = { impressions: 0, reach: 0, reactions: 0, comments: 0, shares: 0, saves: 0, clicks: 0, interactions: 0 };
const TOTALS: Results['totals'] = [
  {
    network: 'instagram',
    posts: 2,
    figures: { ...ZERO, impressions: 1500, reach: 1100, interactions: 120 },
    previous_posts: 1,
    previous: { ...ZERO, impressions: 1000 },
  },
  {
    network: 'facebook',
    posts: 3,
    figures: { ...ZERO, reactions: 42, comments: 7, shares: 2, interactions: 51 },
    previous_posts: 1,
    previous: { ...ZERO, interactions: 34 },
  },
];

const textIn = (language: 'es' | 'en' | 'cat') =>
  monthlyReportEmail({
    to: 'clara@cliente.es',
    name: 'Clara',
    language,
    month: '2026-10',
    totals: TOTALS,
    url: 'https://alzado.test/results',
    pdf: { filename: 'r.pdf', content: Buffer.from('') },
  }).text;

describe('the monthly e-mail’s lines', () => {
  it('tells Facebook by its reactions, comments and interactions, in es, en and cat', () => {
    expect(textIn('en')).toContain('- Facebook — posts: 3, reactions: 42, comments: 7, interactions: 51 (+50 % against the month before)');
    expect(textIn('en')).toContain('- Instagram — posts: 2, impressions: 1,500');
    expect(textIn('es')).toContain('Facebook — publicaciones: 3, reacciones: 42, comentarios: 7, interacciones: 51');
    expect(textIn('cat')).toContain('Facebook — publicacions: 3, reaccions: 42, comentaris: 7, interaccions: 51');
    for (const language of ['es', 'en', 'cat'] as const) expect(textIn(language)).not.toMatch(/Facebook — [^\n]*(impres|abast|alcance|reach)/i);
  });
});
