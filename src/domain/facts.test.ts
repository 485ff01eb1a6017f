import { describe, expect, it } from 'vitest';
import { factsNotInProject, projectFactTexts } from './facts.ts';

/** The facts rule (issue 24 item 3): what a text states that its project does not say. */

const project = projectFactTexts(
  {
    title: 'Casa Patio en Ruzafa',
    description:
      'Reforma integral de una vivienda de 1.200 m² alrededor de un patio central. Tres plantas, un 20 % menos de consumo y un presupuesto de 450.000 €.',
    location: 'Calle Mayor 12, València',
    category: 'rehabilitacion',
    year: 2021,
    authors: 'Estudio Nómada, Ana Pérez',
    collaborators: 'Joan Puig',
    promoter: 'Promociones Turia',
    photo_credit: 'José Hevia @hevia_foto',
    photo_credit_link: '',
    weblink: 'https://www.estudionomada.com/obras/casa-patio',
    keywords: 'casa patio,arquitectura,valencia 2021',
  },
  'Rehabilitación',
);

/** The facts as "kind: text", which reads well in a failed expectation. */
function facts(text: string, texts: readonly string[] = project): string[] {
  return factsNotInProject(text, texts).map((fact) => `${fact.kind}: ${fact.text}`);
}

describe('the facts rule: numbers', () => {
  it.each([
    ['es', 'La vivienda suma 1.200 m² de superficie.'],
    ['es', 'La vivienda suma 1200 m2 de superficie.'],
    ['en', 'The house is 1,200 sqm.'],
    ['cat', "L'habitatge fa 1200m2."],
    ['en', 'It uses 20% less energy.'],
    ['es', 'Un presupuesto de 450.000 euros.'],
    ['en', 'A budget of €450,000.'],
    ['cat', 'Obra acabada el 2021, al número 12 del carrer.'],
  ])('holds a figure of the project written another way (%s): %s', (_language, text) => {
    expect(facts(text)).toEqual([]);
  });

  it.each([
    ['es', 'La vivienda suma 1.300 m² de superficie.', ['number: 1.300 m²']],
    ['en', 'The house is 95 m2.', ['number: 95 m2']],
    ['cat', "Un 35 % menys d'energia.", ['number: 35 %']],
    ['es', 'Costó 2,5 millones de euros.', ['number: 2,5 millones']],
    ['en', 'A $3,000,000 refurbishment.', ['number: $3,000,000']],
    ['es', 'Terminada en 2023.', ['number: 2023']],
    ['en', 'Four years of work, finished in 2019.', ['number: 2019']],
    ['cat', 'Un edifici de 5 plantes.', ['number: 5 plantes']],
    ['en', 'Eight flats over 4 storeys.', ['number: 4 storeys']],
  ])('finds a figure the project does not give (%s): %s', (_language, text, expected) => {
    expect(facts(text)).toEqual(expected);
  });

  it('reads 1.200 as 1200 or as 1.2 and lets the project decide, so a decimal is not a thousand', () => {
    expect(facts('Un factor de 1,5.', ['Un factor de 1.5'])).toEqual([]);
    expect(facts('Un factor de 1.200.', ['1.2 metros'])).toEqual([]);
    expect(facts('Un factor de 1,25.', ['1.200 m²'])).toEqual(['number: 1,25']);
  });

  it('holds a number of the project whatever it counts there: the street number is "in the project"', () => {
    expect(facts('Con 12 ventanas al patio.')).toEqual([]);
  });

  it('finds a figure inside a hashtag not in the project, and only then', () => {
    expect(facts('#CasaPatio #arquitectura #Valencia2021 #2024')).toEqual(['number: #2024']);
    expect(facts('#2021 #casapatio')).toEqual([]);
  });

  it('does not count an emoji keycap, 3D or 4K as a figure', () => {
    expect(facts('1️⃣ Luz natural\n2️⃣ Madera\n3️⃣ Patio')).toEqual([]);
    expect(facts('Our 3D model and the 4K video.')).toEqual([]);
  });

  it('gives each fact its place in the text, in UTF-16 offsets after an emoji', () => {
    const text = '📐 Ahora 300 m² más.';
    const [fact] = factsNotInProject(text, project);
    expect(fact).toEqual({ kind: 'number', text: '300 m²', start: 9, end: 15 });
    expect(text.slice(fact!.start, fact!.end)).toBe(fact!.text);
  });
});

describe('the facts rule: names and awards', () => {
  it.each([
    ['es', 'Presentamos Casa Patio, un proyecto de rehabilitación en Ruzafa, Valencia (2021).'],
    ['en', 'Introducing Casa Patio, a refurbishment project in Ruzafa, VALÈNCIA (2021).'],
    ['cat', 'Us presentem Casa Patio, un projecte de rehabilitació a Ruzafa, valència (2021).'],
    ['es', 'Un proyecto de Estudio Nomada con la colaboración de Joan Puig, para PROMOCIONES Turia.'],
    ['cat', 'Fotografia: José Hevia. Promotor: Promociones Turia.'],
    ['en', 'Photography by Jose HEVIA, for Promociones Turia.'],
  ])('holds the project own names, whatever their accents and capitals (%s): %s', (_language, text) => {
    expect(facts(text)).toEqual([]);
  });

  it.each([
    ['es', 'Diseñada junto a Norman Foster y Ana Pérez.', ['name: Norman Foster']],
    ['en', 'Designed with Zaha Hadid Architects and Herzog & de Meuron.', ['name: Zaha Hadid Architects', 'name: Herzog & de Meuron']],
    ['cat', 'Amb la col·laboració de Joan Puig i Marc Soler.', ['name: Marc Soler']],
    ['es', 'Un proyecto para Construcciones Levante.', ['name: Construcciones Levante']],
    ['en', 'Built by Turia Builders.', ['name: Turia Builders']],
  ])('finds a person or firm the project does not name (%s): %s', (_language, text, expected) => {
    expect(facts(text)).toEqual(expected);
  });

  it.each([
    ['es', 'Ganó el Premio FAD de Arquitectura.', ['award: Premio FAD de Arquitectura']],
    ['es', 'Finalista del premio Mies van der Rohe.', ['award: premio Mies van der Rohe']],
    ['en', 'Winner of a RIBA award this year.', ['award: RIBA award']],
    ['en', 'Shortlisted for the Stirling Prize.', ['award: Stirling Prize']],
    ['cat', "Ha rebut el Premi Ciutat de Barcelona d'Arquitectura.", ["award: Premi Ciutat de Barcelona d'Arquitectura"]],
    ['cat', '🏆 Premi FAD 2021.', ['award: Premi FAD']],
  ])('finds an award the project does not mention (%s): %s', (_language, text, expected) => {
    expect(facts(text)).toEqual(expected);
  });

  it('holds an award the project mentions', () => {
    const awarded = [...project, 'Premio FAD de Arquitectura 2022'];
    expect(facts('Ganó el premio FAD de Arquitectura en 2022.', awarded)).toEqual([]);
  });

  it.each([
    ['es', 'Abrimos el lunes 12 de marzo; lo verás en Instagram y LinkedIn.', []],
    ['en', 'See it on Instagram every Monday in March, or on LinkedIn.', []],
    ['cat', 'Ho publiquem dilluns a Instagram, el 12 de setembre.', []],
  ])('does not take days, months or the networks for names (%s): %s', (_language, text, expected) => {
    expect(facts(text)).toEqual(expected);
  });

  it.each([
    ['es', 'Luz. Madera. Silencio. Así es Casa Patio.'],
    ['en', 'Light first. Then timber. What do you think?'],
    ['cat', 'Llum, fusta i pedra. Què en penseu?'],
    ['es', '📍 Ruzafa, Valencia\n✨ Materiales: Madera y cal'],
    ['en', 'Good news: Timber and lime, nothing else.'],
    ['es', 'MUY ESPECIAL: una casa en la Calle Mayor 12.'],
  ])('does not take the word that opens a sentence, a line, or follows ":" or an emoji for a name (%s): %s', (_language, text) => {
    expect(facts(text)).toEqual([]);
  });

  it('finds a name that opens a sentence when the name goes on after its first word', () => {
    expect(facts('Norman Foster visitó la obra.')).toEqual(['name: Norman Foster']);
    expect(facts('El Estudio Lagos firmó la reforma.')).toEqual(['name: Estudio Lagos']);
  });

  it('reads a name after a title (Sr., Dra., Mr.) as a name, not as the start of a sentence', () => {
    expect(facts('Con el Sr. Pérez y la Dra. García.')).toEqual(['name: García']);
    expect(facts('Mr. Puig visited the site.')).toEqual([]);
  });

  it('keeps hashtags out of the names, the keywords ones and any other', () => {
    expect(facts('#CasaPatio #Arquitectura #Valencia #InteriorDesign')).toEqual([]);
  });
});

describe('the facts rule: links', () => {
  it.each([
    ['es', 'Más en https://www.estudionomada.com/obras/casa-patio/'],
    ['en', 'More at estudionomada.com/obras/casa-patio.'],
    ['cat', 'Més a www.EstudioNomada.com/obras/casa-patio'],
    ['es', 'Todo el proyecto en estudionomada.com'],
    ['en', 'Photos by @hevia_foto.'],
    ['es', 'Ver https://estudionomada.com/obras/casa-patio?utm_source=instagram#fotos'],
  ])("holds the project's own link however it is written (%s): %s", (_language, text) => {
    expect(facts(text)).toEqual([]);
  });

  it.each([
    ['es', 'Más en https://otroestudio.es/casa.', ['link: https://otroestudio.es/casa']],
    ['en', 'Read more at archdaily.com/casa-patio!', ['link: archdaily.com/casa-patio']],
    ['cat', 'Escriviu-nos a hola@estudionomada.cat', ['link: hola@estudionomada.cat']],
    ['en', 'Thanks to @builders_valencia for the work.', ['link: @builders_valencia']],
  ])('finds a link the project does not have (%s): %s', (_language, text, expected) => {
    expect(facts(text)).toEqual(expected);
  });
});

describe('the facts rule: whole texts', () => {
  it('finds nothing in a text without facts, in each language', () => {
    expect(facts('Un patio que lo cambia todo. ¿Qué te parece? Te leemos en los comentarios.')).toEqual([]);
    expect(facts('A courtyard that changes everything. What do you think? Tell us in the comments.')).toEqual([]);
    expect(facts("Un pati que ho canvia tot. Què te'n sembla? Et llegim als comentaris.")).toEqual([]);
    expect(facts('', project)).toEqual([]);
    expect(facts('Una casa de 80 m²', [])).toEqual(['number: 80 m²']);
  });

  it('finds nothing in the credits the template writer prints from the project', () => {
    const credits = [
      'Els crèdits de Casa Patio en Ruzafa:',
      'Autoria: Estudio Nómada, Ana Pérez',
      'Col·laboració: Joan Puig',
      'Promotor: Promociones Turia',
      'Fotografia: José Hevia @hevia_foto',
      'Categoria: Rehabilitación',
      'Any: 2021',
      'Ubicació: Calle Mayor 12, València',
      '🔗 Descobreix el projecte complet a https://www.estudionomada.com/obras/casa-patio',
    ].join('\n');
    expect(facts(credits)).toEqual([]);
  });

  it('lists the facts of an invented text in its order, once each place and none overlapping', () => {
    const text =
      'Casa Patio, premio FAD 2023: 1.450 m² en Ruzafa, con Norman Foster. Más en www.archdaily.com y #Valencia2024. ' +
      'El 20 % menos de consumo, como dijo Norman Foster.';
    expect(facts(text)).toEqual([
      'award: premio FAD',
      'number: 2023',
      'number: 1.450 m²',
      'name: Norman Foster',
      'link: www.archdaily.com',
      'number: #Valencia2024',
      'name: Norman Foster',
    ]);
    const found = factsNotInProject(text, project);
    for (const [index, fact] of found.entries()) {
      expect(text.slice(fact.start, fact.end)).toBe(fact.text);
      if (index > 0) expect(fact.start).toBeGreaterThanOrEqual(found[index - 1]!.end);
    }
  });
});

describe('projectFactTexts', () => {
  it('lists the filled fields, the year as text and the category with its label', () => {
    expect(
      projectFactTexts({
        title: 'Casa',
        description: 'Una casa.',
        location: '',
        category: '',
        year: null,
        authors: 'Ana',
        collaborators: ' ',
        promoter: '',
        photo_credit: '',
        photo_credit_link: '',
        weblink: '',
        keywords: '',
      }),
    ).toEqual(['Casa', 'Una casa.', 'Ana']);
    expect(project).toContain('2021');
    expect(project).toContain('Rehabilitación');
  });
});
