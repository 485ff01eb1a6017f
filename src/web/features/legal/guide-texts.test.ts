import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['es', 'en', 'cat'] as const;
const localesDir = path.resolve(import.meta.dirname, '../../i18n/locales');

const read = (language: string, namespace: string) => JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
const strings = (value: unknown): string[] => (typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : []);

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

  it('creates a project with the projects page button, and chooses the language in the header, not the profile', () => {
    expect(guide.prepare!.p1).toContain(projects.create);
    const common = read(language, 'common') as { language: { label: string } };
    expect(guide.start!.p2!.toLowerCase()).toContain(common.language.label.toLowerCase());
  });
});
