import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['es', 'en', 'cat'] as const;
const localesDir = path.resolve(import.meta.dirname, '../../i18n/locales');

const read = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

/** The user guide names what a user clicks: each name it quotes must be one the app shows. */
describe.each(LANGUAGES)('the user guide in %s', (language) => {
  const guide = read(language, 'legal').guide as Record<string, Record<string, string>>;
  const labels = new Set(['common', 'projects', 'posts', 'social', 'auth', 'prompts', 'profile'].flatMap((namespace) => strings(read(language, namespace))));
  const projects = read(language, 'projects') as { create: string };

  it('quotes only names the interface shows', () => {
    const quoted = strings(guide).flatMap((text) => [...text.matchAll(/[«“]([^»”]+)[»”]/g)].map((match) => match[1]!));
    expect(quoted.length).toBeGreaterThan(5);
    expect(quoted.filter((name) => !labels.has(name))).toEqual([]);
  });

  it('tells publishing as it is: a time, the lock 15 minutes before, the calendar, the queue, retry and the check of a result (issue 29)', () => {
    const schedule = strings(guide.schedule).join(' ');
    const posts = read(language, 'posts') as { actions: { retry: string; addToQueue: string; publishAgain: string }; results: { needsReview: string } };
    const common = read(language, 'common') as { nav: { calendar: string } };
    expect(schedule).toContain('15');
    for (const name of [posts.actions.retry, posts.actions.addToQueue, posts.actions.publishAgain, posts.results.needsReview, common.nav.calendar])
      expect(schedule).toContain(name);
    expect(schedule).not.toMatch(/día anterior|day before|dia anterior|al momento|right away/);
  });

  it('creates a project with the projects page button, and chooses the language in the header, not the profile', () => {
    expect(guide.prepare!.p1).toContain(projects.create);
    const common = read(language, 'common') as { language: { label: string } };
    expect(guide.start!.p2!.toLowerCase()).toContain(common.language.label.toLowerCase());
  });
});
