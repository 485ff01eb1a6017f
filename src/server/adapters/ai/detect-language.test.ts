import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language.ts';

/** The language of a written post (issue 24 item 6), to catch a model writing in another than asked. */
describe('detectLanguage', () => {
  it.each([
    [
      'es',
      'Presentamos Casa del Patio, una vivienda unifamiliar en Sant Cugat del Vallès (2023).\n\n' +
        'La casa se organiza alrededor de un patio central. La luz entra por el patio y recorre todas las estancias.\n\n' +
        '📸 Adrià Goula\n\n#arquitectura #CasaPatio #rehabilitación',
    ],
    ['es', 'Hemos terminado la reforma de este ático en Ruzafa: madera, cal y mucha luz natural 🏡✨ #interiorismo #valencia'],
    ['es', 'El equipo:\nAutoría: Ana Pérez, Joan Vila\nColaboración: Marta Ruiz (estructuras)\nPromotor: Familia Soler'],
    ['es', 'Rehabilitación de una masía del siglo XVIII en el Empordà. Conservamos los muros de piedra y la estructura de vigas de madera.'],
    [
      'en',
      'Introducing Casa del Patio, a family house in Sant Cugat del Vallès (2023).\n\n' +
        'The house is built around a central courtyard, and daylight reaches every room through it.\n\n' +
        '📸 Adrià Goula\n\n#architecture #CasaPatio #refurbishment',
    ],
    ['en', 'We have just finished this loft conversion in Ruzafa: timber, lime and plenty of daylight 🏡✨ #interiordesign #valencia'],
    ['en', 'A new primary school in Getafe, with open courtyards and a brick facade. More at https://www.estudio.es/escuela'],
    [
      'cat',
      'Us presentem Casa del Patio, un habitatge unifamiliar a Sant Cugat del Vallès (2023).\n\n' +
        "La casa s'organitza al voltant d'un pati central. La llum entra pel pati i recorre totes les estances.\n\n" +
        '📸 Adrià Goula\n\n#arquitectura #CasaPatio #rehabilitació',
    ],
    ['cat', "Hem acabat la reforma d'aquest àtic a Russafa: fusta, calç i molta llum natural 🏡✨ #interiorisme #valencia"],
    ['cat', "L'equip:\nAutoria: Ana Pérez, Joan Vila\nCol·laboració: Marta Ruiz (estructures)\nPromotor: Família Soler"],
    ['cat', "Rehabilitació d'una masia del segle XVIII a l'Empordà. Conservem els murs de pedra i l'estructura de bigues de fusta."],
  ] as const)('reads %s in an architecture post', (language, text) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('looks at the prose, not at the hashtags, mentions, links or emoji', () => {
    // Spanish hashtags and a Spanish address under a Catalan text, and the other way round.
    const catalan = 'Una escola bressol amb patis oberts i façana de maó, pensada per als infants del barri.';
    const spanishTags =
      ' #arquitecturaespañola #escuelainfantil #ladrillo #diseño @estudio.arquitectos https://www.estudio.es/nuestra-escuela-infantil-con-patios';
    expect(detectLanguage(catalan + spanishTags)).toBe('cat');
    const spanish = 'Una escuela infantil con patios abiertos y fachada de ladrillo, pensada para los niños del barrio.';
    expect(detectLanguage(`🚀✨🏡 ${spanish} 🧱🌿 #arquitectura #escolabressol #maó #disseny`)).toBe('es');
  });

  it('is unsure, rather than wrong, when there is too little prose', () => {
    for (const text of [
      '',
      'Hola',
      'Obra acabada.',
      'Casa del Patio',
      '📸 Adrià Goula',
      '#arquitectura #interiorismo #reforma #valencia #madera #luz',
      'https://www.estudio.es/casa-del-patio-en-sant-cugat 🏡✨',
    ]) {
      expect(detectLanguage(text), text).toBeUndefined();
    }
  });

  it('is unsure when Spanish and Catalan cannot be told apart', () => {
    // Every word of these is both Spanish and Catalan, or the spelling alone decides.
    expect(detectLanguage('Casa en la playa de Sitges')).toBeUndefined();
    expect(detectLanguage('La biblioteca ocupa una antigua fábrica textil.')).not.toBe('cat');
    expect(detectLanguage('La biblioteca ocupa una antiga fàbrica tèxtil.')).not.toBe('es');
  });

  it.each([
    ['French', "Nous vous présentons la maison du patio, une habitation organisée autour d'une cour centrale."],
    ['Portuguese', 'Apresentamos a Casa do Pátio, uma moradia organizada em torno de um pátio central.'],
    ['Italian', 'Presentiamo Casa del Patio, una abitazione organizzata attorno a un cortile centrale.'],
    ['German', 'Wir stellen das Haus mit Innenhof vor, ein Einfamilienhaus rund um einen zentralen Hof.'],
  ])('gives no language for a post in %s', (_, text) => {
    expect(detectLanguage(text)).toBeUndefined();
  });
});
