import { describe, expect, it } from 'vitest';
import { aiTellsForPrompt, findAiTells } from './ai-tells.ts';
import { LANGUAGES, type Language } from './languages.ts';

/** The ids found in a text, in order. */
function idsIn(text: string, language: Language): string[] {
  return findAiTells(text, language).map((tell) => tell.id);
}

/** AI tells per language (issue 24 item 5): hints for the editor and phrases the model is told to avoid. */
describe('AI tells', () => {
  it.each([
    // Spanish
    ['es', 'No es solo una casa, es un hogar para tres generaciones.', 'not-just', 'No es solo una casa, es'],
    ['es', 'Más que una vivienda: un refugio.', 'more-than', 'Más que una vivienda: un'],
    ['es', 'Un ático en el corazón de Ruzafa.', 'heart-of', 'en el corazón de'],
    ['es', 'Sumérgete en la luz del Mediterráneo.', 'immerse', 'Sumérgete'],
    ['es', '🔗 Descubre el proyecto completo en nuestra web.', 'discover', 'Descubre'],
    ['es', 'Hemos cuidado cada rincón de la casa.', 'every-corner', 'cada rincón'],
    ['es', 'Un oasis urbano en pleno Eixample.', 'oasis', 'oasis'],
    ['es', 'Un lugar donde la tradición se encuentra con la modernidad.', 'where-meets', 'donde la tradición se encuentra con'],
    ['es', 'La fachada es un testimonio de la artesanía local.', 'testament', 'un testimonio de'],
    ['es', 'Llevamos la reforma al siguiente nivel.', 'next-level', 'al siguiente nivel'],
    ['es', 'Interior y exterior conviven en perfecta armonía.', 'seamless', 'en perfecta armonía'],
    ['es', 'Una sinfonía de madera, piedra y cal.', 'symphony', 'sinfonía de'],
    ['es', 'Embárcate en este recorrido.', 'journey', 'Embárcate'],
    ['es', 'La luz baila sobre los muros de piedra.', 'dancing-light', 'luz baila'],
    ['es', 'Un baño de elegancia atemporal.', 'timeless', 'elegancia atemporal'],
    ['es', 'Cada pieza fue cuidadosamente seleccionada.', 'carefully-crafted', 'cuidadosamente seleccionada'],
    ['es', 'En definitiva, una casa para vivir.', 'in-conclusion', 'En definitiva'],
    ['es', '¿Te imaginas despertar aquí cada día?', 'question-opener', '¿Te imaginas'],
    ['es', 'Madera, cal y piedra — todo local — y luz.', 'em-dash', '—'],
    ['es', 'Obra terminada 🚀✨🏡', 'emoji-chain', '🚀✨🏡'],
    // English
    ['en', "It's not just a house, it's a home for three generations.", 'not-just', "It's not just a house, it's"],
    ['en', 'It’s not only about light; it’s about time.', 'not-just', 'It’s not only about light; it’s'],
    ['en', 'A loft in the heart of Ruzafa.', 'heart-of', 'in the heart of'],
    ['en', 'Nestled between two party walls, the house opens to a garden.', 'nestled', 'Nestled'],
    ['en', "Let's delve into the details.", 'delve', 'delve'],
    ['en', 'The facade is a testament to local craft.', 'testament', 'testament to'],
    ['en', 'Timber that elevates every room.', 'elevate', 'elevates'],
    ['en', 'Inside and outside flow seamlessly.', 'seamless', 'seamlessly'],
    ['en', 'A symphony of timber, stone and lime.', 'symphony', 'symphony of'],
    ['en', 'A place where tradition meets modernity.', 'where-meets', 'where tradition meets'],
    ['en', 'Step inside a refurbished loft.', 'immerse', 'Step inside'],
    ['en', 'Discover the whole project on our website.', 'discover', 'Discover'],
    ['en', 'We cared for every corner of the house.', 'every-corner', 'every corner'],
    ['en', 'Every joint tells a story.', 'tells-a-story', 'tells a story'],
    ['en', 'An urban oasis.', 'oasis', 'oasis'],
    ['en', 'A tapestry of materials.', 'tapestry', 'tapestry'],
    ['en', 'Meticulously crafted joinery.', 'carefully-crafted', 'Meticulously crafted'],
    ['en', 'A harmonious blend of old and new.', 'harmonious-blend', 'harmonious blend'],
    ['en', 'A school that redefines the playground.', 'redefine', 'redefines'],
    ['en', 'The flat boasts three bedrooms.', 'boasts', 'boasts'],
    ['en', 'Ever wondered what a courtyard can do?', 'question-opener', 'Ever wondered'],
    ['en', 'Timber—lime—stone.', 'em-dash', '—'],
    // Catalan
    ['cat', 'No és només una casa, és una llar.', 'not-just', 'No és només una casa, és'],
    ['cat', 'Més que un pis: una llar.', 'more-than', 'Més que un pis: una'],
    ['cat', "Un àtic al cor de l'Eixample.", 'heart-of', 'al cor de'],
    ['cat', 'Submergeix-te en la llum.', 'immerse', 'Submergeix-te'],
    ['cat', '👉 Descobreix el projecte complet.', 'discover', 'Descobreix'],
    ['cat', 'Hem cuidat cada racó de la casa.', 'every-corner', 'cada racó'],
    ['cat', 'Un oasi urbà.', 'oasis', 'oasi'],
    ['cat', 'Un lloc on la tradició es troba amb la modernitat.', 'where-meets', 'on la tradició es troba amb'],
    ['cat', "La façana és un testimoni de l'ofici local.", 'testament', 'un testimoni de'],
    ['cat', 'Portem la reforma al següent nivell.', 'next-level', 'al següent nivell'],
    ['cat', 'Interior i exterior en perfecta harmonia.', 'seamless', 'en perfecta harmonia'],
    ['cat', 'Una simfonia de fusta, pedra i calç.', 'symphony', 'simfonia de'],
    ['cat', 'La llum balla sobre els murs.', 'dancing-light', 'llum balla'],
    ['cat', 'Un bany d’elegància atemporal.', 'timeless', 'elegància atemporal'],
    ['cat', 'Cada peça ha estat acuradament seleccionada.', 'carefully-crafted', 'acuradament seleccionada'],
    ['cat', 'En definitiva, una casa per viure-hi.', 'in-conclusion', 'En definitiva'],
    ['cat', "T'imagines despertar aquí cada dia?", 'question-opener', "T'imagines"],
    ['cat', 'I si el pati fos la casa?', 'question-opener', 'I si el pati fos la casa?'],
    ['cat', 'Fusta, calç i pedra — tot local — i llum.', 'em-dash', '—'],
  ] as const)('finds in %s: %s', (language, text, id, written) => {
    const found = findAiTells(text, language);
    const tell = found.find((each) => each.id === id);
    expect(tell, JSON.stringify(found)).toBeDefined();
    expect(tell!.text).toBe(written);
    expect(text.slice(tell!.start, tell!.end)).toBe(written);
  });

  it.each([
    // Ordinary architecture prose: none of these is a tell.
    ['es', 'Descubrimos el patio al derribar un tabique: el proyecto parte de ahí.'],
    ['es', 'Al entrar, el visitante descubre el patio y la escalera de piedra.'],
    ['es', 'La reforma no solo conserva los muros, sino que abre la planta baja a la calle.'],
    ['es', 'Una vivienda unifamiliar organizada alrededor de un patio central. La luz entra por el patio y recorre todas las estancias.'],
    ['es', 'Planta baja más una. Superficie: 120 m². Año: 2023. Ubicación: Valencia.'],
    ['es', '¿Qué os parece? Contadnos en los comentarios.'],
    ['es', '📍 Ruzafa, Valencia\n📸 Adrià Goula'],
    ['es', 'El corazón de la casa es la cocina, abierta al patio.'],
    ['en', 'An elevated walkway joins the two blocks.'],
    ['en', 'The refurbishment keeps the stone walls and opens the ground floor to the street.'],
    ['en', 'Not just the facade but the whole structure was reinforced.'],
    ['en', 'The heart of the house is the kitchen, open to the courtyard.'],
    ['en', 'We discovered the original beams behind the false ceiling.'],
    ['en', 'Built in 1960–1962, refurbished in 2023 - with the same bricks.'],
    ['cat', 'La reforma no només conserva els murs, sinó que obre la planta baixa al carrer.'],
    ['cat', "En enderrocar l'envà vam descobrir el pati: el projecte neix d'aquí."],
    ['cat', "La coberta recull l'aigua de pluja per regar el jardí. Col·laboració: Marta Ruiz."],
    ['cat', 'Què us sembla? Expliqueu-nos-ho als comentaris.'],
    // A dialogue dash opens its line.
    ['cat', 'La clienta va entrar i va dir:\n— Quina llum!'],
  ] as const)('finds nothing in %s: %s', (language, text) => {
    expect(findAiTells(text, language)).toEqual([]);
  });

  it('ignores case and accents, and gives offsets into the text as written', () => {
    expect(idsIn('SUMÉRGETE en la luz', 'es')).toEqual(['immerse']);
    expect(idsIn('sumergete en la luz', 'es')).toEqual(['immerse']);
    // An accent typed as a combining mark makes the text longer than its folded form.
    const decomposed = 'Casa e\u0301pica en el corazo\u0301n de Gràcia.';
    const [tell] = findAiTells(decomposed, 'es');
    expect(tell).toMatchObject({ id: 'heart-of', text: 'en el corazo\u0301n de' });
    expect(decomposed.slice(tell!.start, tell!.end)).toBe(tell!.text);
  });

  it('lists the tells in order, once each, without overlaps', () => {
    const text = 'Sumérgete en un oasis — en el corazón de Ruzafa — donde cada rincón 🚀✨ es un testimonio de calma.';
    const found = findAiTells(text, 'es');
    expect(found.map((tell) => tell.id)).toEqual(['immerse', 'oasis', 'em-dash', 'heart-of', 'em-dash', 'every-corner', 'emoji-chain', 'testament']);
    found.forEach((tell, index) => {
      expect(text.slice(tell.start, tell.end)).toBe(tell.text);
      if (index > 0) expect(tell.start).toBeGreaterThanOrEqual(found[index - 1]!.end);
    });
  });

  it("checks a text with its own language's list only", () => {
    expect(idsIn('Nestled in the heart of Ruzafa.', 'es')).toEqual([]);
    expect(idsIn('Nestled in the heart of Ruzafa.', 'en')).toEqual(['nestled', 'heart-of']);
    expect(idsIn('Un oasi al cor de Gràcia.', 'es')).toEqual([]);
  });

  it('gives at least 12 tells per language, each with a phrase for the prompt', () => {
    for (const language of LANGUAGES) {
      const phrases = aiTellsForPrompt(language);
      expect(phrases.length).toBeGreaterThanOrEqual(12);
      expect(new Set(phrases).size).toBe(phrases.length);
      for (const phrase of phrases) expect(phrase.trim()).not.toBe('');
    }
    expect(aiTellsForPrompt('es')).toContain('"en el corazón de"');
    expect(aiTellsForPrompt('cat')).toContain('"no és només X, és Y"');
    expect(aiTellsForPrompt('en')).toContain('"nestled"');
  });
});
