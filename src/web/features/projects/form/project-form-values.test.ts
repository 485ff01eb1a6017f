import { describe, expect, it } from 'vitest';
import type { Project } from '../../../../domain/project.ts';
import { EMPTY_PROJECT, changedFields, formValuesOf, projectFormSchema } from './project-form-values.ts';

const PROJECT: Project = {
  id: 7,
  title: 'Casa Montseny',
  description: 'Una casa de madera.',
  keywords: 'madera,bosque',
  weblink: 'https://estudio.es/montseny',
  maps_url: 'https://maps.example.com/?q=montseny',
  location: 'Montseny',
  show_map: true,
  promoter: 'Privado',
  collaborators: '',
  authors: 'Ana Puig',
  category: 'residencial',
  year: 2024,
  photo_credit: 'José Hevia',
  photo_credit_link: '',
  publications: 2,
  required_ai: true,
  prompt_id: 3,
  prompt_text: 'Escribe con calma',
  state: 'draft',
  created_by: null,
  assigned_to: null,
  images: [],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

describe('the project form schema', () => {
  it('requires title and description, with the validation keys of the domain', () => {
    const result = projectFormSchema.safeParse(EMPTY_PROJECT);
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toEqual({ title: 'titleRequired', description: 'descriptionRequired' });
  });

  it('joins the keyword chips into one comma-separated string, trimmed and each once', () => {
    const values = projectFormSchema.parse({ ...EMPTY_PROJECT, title: 'T', description: 'D', keywords: [' luz', 'Patio', 'luz ', 'patio'] });
    expect(values.keywords).toBe('luz,Patio');
  });

  it('normalises the web link before it is sent, and empties one whose host has no dot (SPEC §5)', () => {
    const base = { ...EMPTY_PROJECT, title: 'T', description: 'D' };
    expect(projectFormSchema.parse({ ...base, weblink: '  Estudio.ES/Obras/ ' }).weblink).toBe('https://estudio.es/obras');
    expect(projectFormSchema.parse({ ...base, weblink: '' }).weblink).toBe('');
    expect(projectFormSchema.parse({ ...base, weblink: 'miestudio' }).weblink).toBe('');
  });

  it('refuses a web link of another scheme than http(s) with its own message, before sending', () => {
    const base = { ...EMPTY_PROJECT, title: 'T', description: 'D' };
    for (const weblink of ['javascript:alert(1)', 'javascript://estudio.es/%0aalert(1)', 'data:text/html,x', 'ftp://estudio.es']) {
      const refused = projectFormSchema.safeParse({ ...base, weblink });
      expect([weblink, refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])]).toEqual([weblink, [['weblink', 'urlSchemeNotAllowed']]]);
    }
    const links = projectFormSchema.safeParse({ ...base, maps_url: 'javascript:alert(1)', photo_credit_link: 'data:text/html,x' });
    expect(Object.fromEntries(links.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))).toEqual({
      maps_url: 'urlSchemeNotAllowed',
      photo_credit_link: 'urlSchemeNotAllowed',
    });
  });

  it.each([
    ['es', 'Solo se admiten enlaces web, que empiecen por http:// o https://'],
    ['en', 'Only web links are allowed, starting with http:// or https://'],
    ['cat', "Només s'admeten enllaços web, que comencin per http:// o https://"],
  ] as const)('says so in %s', async (language, message) => {
    const validation = (await import(`../../../i18n/locales/${language}/validation.json`)).default as Record<string, string>;
    expect(validation.urlSchemeNotAllowed).toBe(message);
  });

  it('wants url-typed maps and photo-credit links, a year as a number, 1 to 4 publications', () => {
    const base = { ...EMPTY_PROJECT, title: 'T', description: 'D' };
    const refused = projectFormSchema.safeParse({ ...base, maps_url: 'maps.google.com', photo_credit_link: 'not a link', year: 20.5, publications: 5 });
    const issues = Object.fromEntries(refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toEqual({ maps_url: 'urlInvalid', photo_credit_link: 'urlInvalid', year: 'yearInvalid', publications: 'publicationsInvalid' });
  });
});

describe('formValuesOf and changedFields', () => {
  it('loads a project into the form and sends back nothing when nothing changed', () => {
    const values = formValuesOf(PROJECT);
    expect(values.keywords).toEqual(['madera', 'bosque']);
    const before = projectFormSchema.parse(values);
    expect(changedFields(before, projectFormSchema.parse(values))).toEqual({});
  });

  it('sends only the fields that changed, in their saved form', () => {
    const before = projectFormSchema.parse(formValuesOf(PROJECT));
    const after = projectFormSchema.parse({ ...formValuesOf(PROJECT), title: 'Casa Montseny II', keywords: ['madera', 'bosque', 'luz'], year: 2025 });
    expect(changedFields(before, after)).toEqual({ title: 'Casa Montseny II', keywords: 'madera,bosque,luz', year: 2025 });
  });
});
