import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../domain/languages.ts';
import { countCharacters, countHashtags, instagramTextProblem } from '../../../domain/post.ts';
import { CATEGORIES } from '../../../domain/project.ts';
import type { WriterProject } from './post-writer.ts';
import { createTemplateWriter } from './template-writer.ts';

/** The default writer (issue 6): the project's own fields in fixed sentences, no network, no AI. */
const casaPatio: WriterProject = {
  id: 7,
  title: 'Casa del Patio',
  description:
    'Una vivienda unifamiliar organizada alrededor de un patio central. La luz entra por el patio y recorre todas las estancias. ' +
    'Los materiales son locales: piedra, madera y cal. El proyecto busca la máxima eficiencia energética con sistemas pasivos. ' +
    'La cubierta recoge el agua de lluvia para el riego del jardín.',
  keywords: ['arquitectura', 'casa patio', 'Rehabilitación', 'Arquitectura'],
  category: 'residencial',
  location: 'Sant Cugat del Vallès',
  year: 2023,
  authors: 'Ana Pérez, Joan Vila',
  collaborators: 'Marta Ruiz (estructuras)',
  promoter: 'Familia Soler',
  photoCredit: 'Adrià Goula',
  weblink: 'https://www.estudio.es/casa-patio',
};

const bare: WriterProject = {
  ...casaPatio,
  description: 'Reforma integral de un piso.',
  keywords: [],
  category: '',
  location: '',
  year: null,
  authors: '',
  collaborators: '',
  promoter: '',
  photoCredit: '',
  weblink: '',
};

/** The written posts, each with `images` images. */
function writePosts(project: WriterProject, language: Language, count: number, images = 0) {
  return createTemplateWriter().write({
    project,
    language,
    instructions: 'ignored by the template',
    posts: Array.from({ length: count }, () => ({ images: Array.from({ length: images }, (_, index) => ({ url: `/media/${index}.jpg` })) })),
  });
}

/** The Instagram texts, typed as four so tests can name them; the writer gives exactly `count` (checked below). */
async function write(project: WriterProject, language: Language, count: number): Promise<[string, string, string, string]> {
  const posts = await writePosts(project, language, count);
  return posts.map((post) => post.instagram) as [string, string, string, string];
}

/** What a composed text must never show: a missing value, an empty bracket or label, a doubled or dangling stop. */
function expectClean(text: string): void {
  expect(text.trim()).not.toBe('');
  expect(text).not.toMatch(/undefined|null|NaN|\(\s*\)|\.\.(?!\.)|[?!]\.|,\s*[.,:]|\s[.,:;]|: +$|^[^\n]*: *\n\n/mu);
  // A line ending with a colon heads a list, so the next line says something.
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.endsWith(':')) expect(lines[index + 1] ?? '').not.toBe('');
  });
}

describe('template writer', () => {
  it('is the template writer and wants no image previews', () => {
    const writer = createTemplateWriter();
    expect(writer.kind).toBe('template');
    expect(writer.wantsImagePreviews).toBe(false);
  });

  it.each([
    [
      'es',
      'Presentamos Casa del Patio, un proyecto residencial en Sant Cugat del Vallès (2023).',
      'El equipo:',
      'Categoría: Residencial · Año: 2023',
      'Más sobre el proyecto en https://www.estudio.es/casa-patio',
    ],
    [
      'en',
      'Introducing Casa del Patio, a residential project in Sant Cugat del Vallès (2023).',
      'The team:',
      'Category: Residential · Year: 2023',
      'More about the project at https://www.estudio.es/casa-patio',
    ],
    [
      'cat',
      'Us presentem Casa del Patio, un projecte residencial a Sant Cugat del Vallès (2023).',
      "L'equip:",
      'Categoria: Residencial · Any: 2023',
      'Més sobre el projecte a https://www.estudio.es/casa-patio',
    ],
  ] as const)(
    'writes four posts in %s: the project, the place and team, the details, the credits and the web page',
    async (language, opening, team, facts, call) => {
      const [first, second, third, fourth] = await write(casaPatio, language, 4);
      expect(first.split('\n')[0]).toBe(opening);
      expect(first).toContain('Una vivienda unifamiliar organizada alrededor de un patio central.');
      expect(second.startsWith('📍 Sant Cugat del Vallès')).toBe(true);
      expect(second).toContain(team);
      expect(second).toContain('Ana Pérez, Joan Vila');
      expect(third).toContain(facts);
      // Post 3 tells what post 1 did not.
      expect(third).toContain('La cubierta recoge el agua de lluvia');
      expect(first).not.toContain('La cubierta recoge el agua de lluvia');
      expect(fourth).toContain('Familia Soler');
      expect(fourth).toContain(call);
      for (const text of [first, second, third]) expect(text).toContain('📸 Adrià Goula');
      for (const text of [first, second, third, fourth]) expectClean(text);
    },
  );

  it('writes the posts of one project differently, each with its own opening', async () => {
    for (const project of [casaPatio, bare]) {
      const texts = await write(project, 'es', 4);
      expect(new Set(texts).size).toBe(4);
      expect(new Set(texts.map((text) => text.split('\n')[0])).size).toBe(4);
    }
  });

  it('translates every category', async () => {
    for (const language of LANGUAGES) {
      for (const category of CATEGORIES) {
        const [first, , third] = await write({ ...casaPatio, category }, language, 3);
        expect(first.split('\n')[0]).toMatch(/^\S.* Casa del Patio, .+ Sant Cugat del Vallès \(2023\)\.$/u);
        expectClean(first);
        expectClean(third);
        // In English the stored value (e.g. "rehabilitacion") never shows, only its translation.
        if (language === 'en' && category !== 'cultural') expect(`${first}\n${third}`.toLowerCase()).not.toContain(category);
      }
    }
    const [english] = await write({ ...casaPatio, category: 'rehabilitacion' }, 'en', 1);
    expect(english).toContain('a refurbishment project');
    const [catalan] = await write({ ...casaPatio, category: 'oficinas' }, 'cat', 1);
    expect(catalan).toContain("un projecte d'oficines");
  });

  it('leaves missing fields out, with no empty label, bracket or stray punctuation', async () => {
    for (const language of LANGUAGES) {
      const texts = await write(bare, language, 4);
      for (const text of texts) {
        expectClean(text);
        expect(text).toContain('Casa del Patio');
        expect(text).not.toContain('#');
        expect(text).not.toContain('📸');
        expect(text).not.toContain('📍');
      }
      expect(texts[0].split('\n')[0]).toMatch(/Casa del Patio\.$/u);
    }
    const [first, second, , fourth] = await write(bare, 'es', 4);
    expect(first).toBe('Presentamos Casa del Patio.\n\nReforma integral de un piso.');
    expect(second).toBe('Seguimos con Casa del Patio.\n\nReforma integral de un piso.');
    expect(fourth).toBe('Gracias por seguir la serie sobre Casa del Patio.\n\n¿Qué os parece? Os leemos en los comentarios.');
  });

  it('leaves out one missing piece at a time without breaking the sentence', async () => {
    const [noCategory] = await write({ ...casaPatio, category: '' }, 'es', 1);
    expect(noCategory.split('\n')[0]).toBe('Presentamos Casa del Patio en Sant Cugat del Vallès (2023).');
    const [noPlace] = await write({ ...casaPatio, location: '' }, 'en', 1);
    expect(noPlace.split('\n')[0]).toBe('Introducing Casa del Patio, a residential project (2023).');
    const [noYear] = await write({ ...casaPatio, year: null }, 'cat', 1);
    expect(noYear.split('\n')[0]).toBe('Us presentem Casa del Patio, un projecte residencial a Sant Cugat del Vallès.');
    const [, team] = await write({ ...casaPatio, authors: '', promoter: '  ' }, 'es', 2);
    expect(team).toContain('El equipo:\nColaboración: Marta Ruiz (estructuras)\n');
    expect(team).not.toMatch(/Autoría|Promotor/u);
  });

  it('does not double the stop of a title or field that ends with one', async () => {
    const [first] = await write({ ...bare, title: 'Casa S.L.', authors: 'Estudio A.' }, 'es', 1);
    expect(first.split('\n')[0]).toBe('Presentamos Casa S.L.');
    const [question] = await write({ ...bare, title: '¿Y si el patio fuera la casa?' }, 'es', 1);
    expect(question.split('\n')[0]).toBe('Presentamos ¿Y si el patio fuera la casa?');
    for (const text of [...(await write({ ...casaPatio, title: 'Casa S.L.', authors: 'Estudio A.;' }, 'es', 4))]) expectClean(text);
  });

  it('makes one post complete: presentation, description, credits and the call', async () => {
    const [only] = await write(casaPatio, 'en', 1);
    expect(only).toContain('Introducing Casa del Patio');
    expect(only).toContain('Authors: Ana Pérez, Joan Vila');
    expect(only).toContain('Photography: Adrià Goula');
    expect(only).toContain('More about the project at https://www.estudio.es/casa-patio');
  });

  it('ends the last post with the call whatever the number of posts, and only the last', async () => {
    for (const count of [1, 2, 3, 4]) {
      const texts = await write(casaPatio, 'es', count);
      expect(texts).toHaveLength(count);
      texts.forEach((text, index) => expect(text.includes('https://www.estudio.es/casa-patio')).toBe(index === count - 1));
    }
  });

  it('closes every post with the keywords as hashtags, valid and each once', async () => {
    const texts = await write(casaPatio, 'cat', 4);
    for (const text of texts) expect(text.endsWith('\n\n#arquitectura #CasaPatio #Rehabilitación')).toBe(true);
  });

  it("makes hashtags of the first 5 keywords only, Instagram's limit, and leaves the others out (decision 014)", async () => {
    const keywords = ['arquitectura', 'casa patio', 'Rehabilitación', 'Vallès', 'patrimonio', 'sostenibilidad', 'diseño interior'];
    for (const text of await write({ ...casaPatio, keywords }, 'es', 4)) {
      expect(text.endsWith('\n\n#arquitectura #CasaPatio #Rehabilitación #Vallès #patrimonio')).toBe(true);
      expect(countHashtags(text)).toBe(5);
      expect(text).not.toMatch(/sostenibilidad|DiseñoInterior/u);
    }
  });

  it('fits Instagram with every field at its longest, in every language and number of posts', async () => {
    const long = (word: string, length: number) => `${word} `.repeat(length).slice(0, length).trim();
    const sentence = 'Una frase larga sobre la luz, la materia y el paisaje que rodea el edificio y lo explica. ';
    const longest: WriterProject = {
      ...casaPatio,
      title: long('Título', 200),
      description: sentence.repeat(110).slice(0, 10_000),
      location: long('Lugar', 300),
      authors: long('Autora', 1000),
      collaborators: long('Colaborador', 1000),
      promoter: long('Promotora', 500),
      photoCredit: long('Fotógrafo', 300),
      weblink: `https://www.estudio.es/${'a'.repeat(300)}`,
      keywords: Array.from({ length: 60 }, (_, index) => `palabra clave larga número ${index}`),
    };
    for (const language of LANGUAGES) {
      for (const count of [1, 2, 3, 4]) {
        const texts = await write(longest, language, count);
        for (const text of texts) {
          expect(instagramTextProblem(text)).toBeUndefined();
          expect(countCharacters(text)).toBeGreaterThan(1000);
          expect(countHashtags(text)).toBeGreaterThan(0);
        }
      }
    }
  });

  it('shortens the description, not the rest, when a post would be too long', async () => {
    const sentence = 'El edificio se abre al paisaje con una fachada de celosías cerámicas que filtran la luz. ';
    const keywords = Array.from({ length: 30 }, (_, index) => `arquitectura mediterránea contemporánea ${index}`);
    const [, , third] = await write({ ...casaPatio, description: sentence.repeat(100), keywords }, 'es', 3);
    expect(instagramTextProblem(third)).toBeUndefined();
    expect(third).toContain('Categoría: Residencial · Año: 2023');
    expect(third).toContain('🔗 Más sobre el proyecto en https://www.estudio.es/casa-patio');
    expect(countHashtags(third)).toBe(5);
  });

  it('keeps to 5 hashtags when the description has hashtags of its own', async () => {
    const description = `Una casa en #Lleida junto al #Segre, de #piedra. ${Array.from({ length: 8 }, (_, index) => `#tema${index}`).join(' ')}.`;
    const keywords = Array.from({ length: 10 }, (_, index) => `clave${index}`);
    const [first] = await write({ ...casaPatio, description, keywords }, 'es', 4);
    expect(first).toContain('#Lleida junto al #Segre, de #piedra. #tema0 #tema1 tema2');
    expect(first).not.toContain('#clave');
    for (const text of await write({ ...casaPatio, description, keywords }, 'es', 4)) {
      expect(instagramTextProblem(text)).toBeUndefined();
    }
  });

  it('writes nothing once the generation is stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      createTemplateWriter().write({ project: casaPatio, language: 'es', instructions: '', posts: [{ images: [] }], signal: controller.signal }),
    ).rejects.toThrow();
  });

  describe('a text for each network and the images described (decision 034)', () => {
    it.each(LANGUAGES)(
      'writes a longer LinkedIn text (%s): the whole web link in every post, the photo credit as a line, 3 hashtags at the end',
      async (language) => {
        const posts = await writePosts(casaPatio, language, 3, 2);
        for (const [index, post] of posts.entries()) {
          expectClean(post.linkedin);
          expect(countCharacters(post.linkedin)).toBeLessThanOrEqual(3000);
          expect(countCharacters(post.linkedin)).toBeGreaterThan(countCharacters(post.instagram));
          expect(post.linkedin).toContain(casaPatio.weblink);
          expect(post.linkedin).toContain('Adrià Goula');
          expect(post.linkedin).not.toContain('📸');
          expect(countHashtags(post.linkedin)).toBe(3);
          expect(post.linkedin.split('\n').at(-1)).toMatch(/^(#\S+ ?){3}$/u);
          // On Instagram a caption's link is no link: only the last post gives it.
          expect(post.instagram.includes(casaPatio.weblink)).toBe(index === posts.length - 1);
        }
      },
    );

    it.each(LANGUAGES)('describes every image from the fields, saying which of the series it is and never what it shows (%s)', async (language) => {
      const posts = await writePosts(casaPatio, language, 2, 3);
      const altTexts = posts.flatMap((post) => post.altTexts);
      expect(altTexts).toHaveLength(6);
      for (const [index, altText] of altTexts.entries()) {
        expect(altText.startsWith('Casa del Patio, ')).toBe(true);
        expect(altText).toContain(`${index + 1} `);
        expect(altText).toContain(' 6.');
        expect(altText).toContain('Adrià Goula');
        expect(countCharacters(altText)).toBeLessThanOrEqual(1000);
      }
      expect(altTexts[0]).toBe(
        {
          es: 'Casa del Patio, un proyecto residencial en Sant Cugat del Vallès (2023): imagen 1 de 6. Fotografía: Adrià Goula.',
          en: 'Casa del Patio, a residential project in Sant Cugat del Vallès (2023): image 1 of 6. Photography: Adrià Goula.',
          cat: 'Casa del Patio, un projecte residencial a Sant Cugat del Vallès (2023): imatge 1 de 6. Fotografia: Adrià Goula.',
        }[language],
      );
    });

    it('describes the images of a project with nothing but a title by its title alone', async () => {
      const [post] = await writePosts(bare, 'en', 1, 1);
      expect(post!.altTexts).toEqual(['Casa del Patio: image 1 of 1.']);
    });
  });
});
