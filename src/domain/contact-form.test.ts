import { describe, expect, it } from 'vitest';
import { type ContactFormInput, findContactFormProblems } from './contact-form-rules.ts';
import { contactFormSchema } from './contact-form.ts';

const valid: ContactFormInput = {
  nombre: 'Marta Soler',
  empresa: 'Soler Arquitectura',
  telefono: '+34 600 11 22 33',
  email: 'marta@soler.es',
  mensaje: 'Queremos publicar nuestros proyectos cada semana.',
  politicaPrivacidad: true,
};

/** The schema's problems as the server answers them: field -> first message key. */
function schemaProblems(input: unknown): Record<string, string> {
  const result = contactFormSchema.safeParse(input);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) problems[String(issue.path[0])] ??= issue.message;
  return problems;
}

const cases: [string, Partial<ContactFormInput>, Record<string, string>][] = [
  ['a complete form', {}, {}],
  ['only the required fields', { empresa: '', telefono: '' }, {}],
  ['no name', { nombre: '' }, { nombre: 'nameRequired' }],
  ['a name of spaces', { nombre: '   ' }, { nombre: 'nameRequired' }],
  ['a name too long', { nombre: 'a'.repeat(121) }, { nombre: 'tooLong' }],
  ['no e-mail', { email: '' }, { email: 'emailRequired' }],
  ['an e-mail without @', { email: 'marta.soler.es' }, { email: 'emailInvalid' }],
  ['an e-mail without a dot after @', { email: 'marta@soler' }, { email: 'emailInvalid' }],
  ['an e-mail with spaces around', { email: '  marta@soler.es ' }, {}],
  ['a phone with letters', { telefono: 'llámame' }, { telefono: 'phoneInvalid' }],
  ['a phone with separators', { telefono: '(93) 123-45-67' }, {}],
  ['no message', { mensaje: '' }, { mensaje: 'messageRequired' }],
  ['a message too long', { mensaje: 'x'.repeat(5001) }, { mensaje: 'tooLong' }],
  ['a company too long', { empresa: 'x'.repeat(161) }, { empresa: 'tooLong' }],
  ['privacy not accepted', { politicaPrivacidad: false }, { politicaPrivacidad: 'privacyPolicyRequired' }],
  [
    'everything missing',
    { nombre: '', email: '', mensaje: '', politicaPrivacidad: false },
    { nombre: 'nameRequired', email: 'emailRequired', mensaje: 'messageRequired', politicaPrivacidad: 'privacyPolicyRequired' },
  ],
];

describe('contact form rules (SPEC §5)', () => {
  it.each(cases)('%s: the browser’s check finds exactly the expected problems', (_name, change, expected) => {
    expect(findContactFormProblems({ ...valid, ...change })).toEqual(expected);
  });

  it.each(cases)('%s: the server’s schema agrees with the browser’s check', (_name, change, expected) => {
    expect(schemaProblems({ ...valid, ...change })).toEqual(expected);
  });

  it('the server answers the same keys for fields that are missing altogether', () => {
    expect(schemaProblems({})).toEqual({
      nombre: 'nameRequired',
      email: 'emailRequired',
      mensaje: 'messageRequired',
      politicaPrivacidad: 'privacyPolicyRequired',
    });
  });

  it('the server trims the text, fills the optional fields and keeps the form’s language', () => {
    const parsed = contactFormSchema.parse({ nombre: ' Marta ', email: ' marta@soler.es ', mensaje: ' Hola ', politicaPrivacidad: true, idioma: 'cat' });
    expect(parsed).toEqual({ nombre: 'Marta', empresa: '', telefono: '', email: 'marta@soler.es', mensaje: 'Hola', politicaPrivacidad: true, idioma: 'cat' });
  });

  it('the privacy policy must be accepted with true itself, not a truthy string', () => {
    expect(schemaProblems({ ...valid, politicaPrivacidad: 'true' })).toEqual({ politicaPrivacidad: 'privacyPolicyRequired' });
  });
});
