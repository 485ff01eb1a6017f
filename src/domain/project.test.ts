import { describe, expect, it } from 'vitest';
import { CATEGORIES, IMAGE_LIMITS, isAspectRatioAccepted, listProjectsQuerySchema, projectInputSchema, projectUpdateSchema } from './project.ts';

const required = { title: 'Casa del Mar', description: 'Vivienda junto al mar' };

/** The problems as the server answers them: field -> first message key. */
function problems(schema: typeof projectInputSchema | typeof projectUpdateSchema, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('projectInputSchema (SPEC §5 project form)', () => {
  it('accepts a title and a description alone, and starts the rest empty with publications 1', () => {
    expect(projectInputSchema.parse(required)).toEqual({
      ...required,
      keywords: '',
      weblink: '',
      maps_url: '',
      location: '',
      show_map: false,
      promoter: '',
      collaborators: '',
      authors: '',
      category: '',
      year: null,
      photo_credit: '',
      photo_credit_link: '',
      publications: 1,
      required_ai: true,
      prompt_id: null,
    });
  });

  it.each([
    ['no title', { description: 'd' }, { title: 'titleRequired' }],
    ['an empty title', { ...required, title: '' }, { title: 'titleRequired' }],
    ['a title of spaces', { ...required, title: '   ' }, { title: 'titleRequired' }],
    ['a title that is no text', { ...required, title: 12 }, { title: 'titleRequired' }],
    ['no description', { title: 't' }, { description: 'descriptionRequired' }],
    ['a description of spaces', { ...required, description: ' \n ' }, { description: 'descriptionRequired' }],
    ['nothing at all', {}, { title: 'titleRequired', description: 'descriptionRequired' }],
    ['a title over 200 characters', { ...required, title: 'x'.repeat(201) }, { title: 'tooLong' }],
  ])('refuses %s with its key', (_case, input, expected) => {
    expect(problems(projectInputSchema, input)).toEqual(expected);
  });

  it('trims the title and the description', () => {
    expect(projectInputSchema.parse({ title: '  Casa  ', description: ' Junto al mar ' })).toMatchObject({ title: 'Casa', description: 'Junto al mar' });
  });

  it('trims the keywords, drops empty ones and keeps each once (first spelling), comma-separated', () => {
    expect(projectInputSchema.parse({ ...required, keywords: ' mar, Casa ,MAR,,piedra , casa' }).keywords).toBe('mar,Casa,piedra');
    expect(projectInputSchema.parse({ ...required, keywords: ' , , ' }).keywords).toBe('');
  });

  it('normalises the web link with the URL normaliser, without adding www.', () => {
    expect(projectInputSchema.parse({ ...required, weblink: ' Estudio.COM/Obra/ ' }).weblink).toBe('https://estudio.com/obra');
    expect(projectInputSchema.parse({ ...required, weblink: 'http://estudio.com' }).weblink).toBe('http://estudio.com');
    // Not a link: stored empty rather than refused, as the form does before sending.
    expect(projectInputSchema.parse({ ...required, weblink: 'sin web' }).weblink).toBe('');
  });

  it.each([
    'javascript:alert(1)',
    'javascript://estudio.com/%0aalert(document.cookie)',
    'JAVASCRIPT://Estudio.com/%0Aalert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'ftp://estudio.com/obra',
    'file:///etc/passwd',
    'mailto:hola@estudio.com',
  ])('refuses the web link %j with urlSchemeNotAllowed, in creation and in an update', (weblink) => {
    expect(problems(projectInputSchema, { ...required, weblink })).toEqual({ weblink: 'urlSchemeNotAllowed' });
    expect(problems(projectUpdateSchema, { weblink })).toEqual({ weblink: 'urlSchemeNotAllowed' });
  });

  it.each([
    ['localhost:5173/obra', 'https://localhost:5173/obra'],
    ['estudio.com:8080/obra', 'https://estudio.com:8080/obra'],
  ])('takes a host and port %j as a host, not a scheme', (weblink, saved) => {
    expect(projectInputSchema.parse({ ...required, weblink }).weblink).toBe(saved);
  });

  describe.each(['maps_url', 'photo_credit_link'] as const)('%s is url-typed', (field) => {
    it.each(['https://maps.app.goo.gl/AbC123', 'http://fotografo.es/portfolio', ''])('accepts %j', (value) => {
      expect(problems(projectInputSchema, { ...required, [field]: value })).toEqual({});
    });

    it('trims the link', () => {
      expect(projectInputSchema.parse({ ...required, [field]: '  https://fotografo.es  ' })[field]).toBe('https://fotografo.es');
    });

    it.each(['calle Mayor 3', 'fotografo.es', 'https://', 'https://foto grafo.es'])('refuses %j with urlInvalid', (value) => {
      expect(problems(projectInputSchema, { ...required, [field]: value })).toEqual({ [field]: 'urlInvalid' });
    });

    it.each([
      'javascript:alert(1)',
      'JavaScript://fotografo.es/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://fotografo.es/a',
      'mailto:hola@fotografo.es',
    ])('refuses %j with urlSchemeNotAllowed: web links only', (value) => {
      expect(problems(projectInputSchema, { ...required, [field]: value })).toEqual({ [field]: 'urlSchemeNotAllowed' });
    });
  });

  it.each([2024, 1000, 2100, null])('accepts the year %j', (year) => {
    expect(problems(projectInputSchema, { ...required, year })).toEqual({});
  });

  it.each([
    ['a text', '2024'],
    ['a fraction', 2024.5],
    ['too early', 999],
    ['too late', 2101],
    ['not a number', Number.NaN],
  ])('refuses a year that is %s with yearInvalid', (_case, year) => {
    expect(problems(projectInputSchema, { ...required, year })).toEqual({ year: 'yearInvalid' });
  });

  it.each([1, 2, 3, 4])('accepts %i publications', (publications) => {
    expect(projectInputSchema.parse({ ...required, publications }).publications).toBe(publications);
  });

  it.each([0, 5, -1, 2.5, '2', null])('refuses %j publications with publicationsInvalid', (publications) => {
    expect(problems(projectInputSchema, { ...required, publications })).toEqual({ publications: 'publicationsInvalid' });
  });

  it('offers exactly the nine categories of SPEC §3', () => {
    expect([...CATEGORIES].sort()).toEqual([
      'cultural',
      'docente',
      'interiorismo',
      'oficinas',
      'planeamiento',
      'publico',
      'rehabilitacion',
      'residencial',
      'sanitario',
    ]);
  });

  it.each([...CATEGORIES, ''])('accepts the category %j', (category) => {
    expect(problems(projectInputSchema, { ...required, category })).toEqual({});
  });

  it.each(['museo', 'Residencial', 'público', ' docente'])('refuses the category %j with categoryInvalid', (category) => {
    expect(problems(projectInputSchema, { ...required, category })).toEqual({ category: 'categoryInvalid' });
  });

  it('refuses a prompt id that is not a positive whole number', () => {
    for (const prompt_id of [0, -3, 1.5, 'uno']) expect(Object.keys(problems(projectInputSchema, { ...required, prompt_id }))).toEqual(['prompt_id']);
  });

  it('ignores fields that are not in the form (state, creator, assignee)', () => {
    const parsed = projectInputSchema.parse({ ...required, state: 'launched', created_by: 'someone', assigned_to: 'someone' });
    expect(parsed).not.toHaveProperty('state');
    expect(parsed).not.toHaveProperty('created_by');
    expect(parsed).not.toHaveProperty('assigned_to');
  });
});

describe('projectUpdateSchema (PATCH: only the fields sent change)', () => {
  it('answers only the fields sent, with no defaults filled in for the others', () => {
    expect(projectUpdateSchema.parse({ title: ' Nuevo ' })).toEqual({ title: 'Nuevo' });
    expect(projectUpdateSchema.parse({})).toEqual({});
    expect(projectUpdateSchema.parse({ show_map: true, publications: 3 })).toEqual({ show_map: true, publications: 3 });
  });

  it('still applies every rule to the fields sent', () => {
    expect(problems(projectUpdateSchema, { title: ' ' })).toEqual({ title: 'titleRequired' });
    expect(problems(projectUpdateSchema, { description: '' })).toEqual({ description: 'descriptionRequired' });
    expect(problems(projectUpdateSchema, { maps_url: 'maps' })).toEqual({ maps_url: 'urlInvalid' });
    expect(problems(projectUpdateSchema, { year: '1999' })).toEqual({ year: 'yearInvalid' });
    expect(problems(projectUpdateSchema, { publications: 5 })).toEqual({ publications: 'publicationsInvalid' });
    expect(problems(projectUpdateSchema, { category: 'museo' })).toEqual({ category: 'categoryInvalid' });
    expect(projectUpdateSchema.parse({ keywords: 'a, A ,b', weblink: 'Estudio.com/' })).toEqual({ keywords: 'a,b', weblink: 'https://estudio.com' });
  });
});

describe('isAspectRatioAccepted (0.8 to 1.91, SPEC §9)', () => {
  it('has the limits of SPEC §9', () => {
    expect(IMAGE_LIMITS).toMatchObject({ perProject: 10, maxBytes: 5_242_880, minAspectRatio: 0.8, maxAspectRatio: 1.91 });
  });

  it.each([
    ['4:5 exactly (0.8)', 800, 1000, true],
    ['just under 0.8', 799, 1000, false],
    ['1.91 exactly', 1910, 1000, true],
    ['just over 1.91', 1911, 1000, false],
    ['square', 1000, 1000, true],
    ['16:9', 1920, 1080, true],
    ['2:1', 2000, 1000, false],
    ['a tall phone photo (3:4)', 3000, 4000, false],
    ['zero width', 0, 1000, false],
    ['zero height', 1000, 0, false],
  ])('%s (%ix%i): %s', (_case, width, height, accepted) => {
    expect(isAspectRatioAccepted(width, height)).toBe(accepted);
  });
});

describe('listProjectsQuerySchema', () => {
  it('defaults to page 1 of 10, newest first, every state', () => {
    expect(listProjectsQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, sort: 'created_at', order: 'desc' });
  });

  it.each([{ page: '0' }, { pageSize: '101' }, { state: 'published' }, { sort: 'description' }, { order: 'sideways' }])('refuses %j', (query) => {
    expect(listProjectsQuerySchema.safeParse(query).success).toBe(false);
  });
});
