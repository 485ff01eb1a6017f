import type { Language } from './languages.ts';

/**
 * AI tells: the turns of phrase readers take for a machine's (issue 24 item 5). The market's complaint
 * about AI captions is that they all sound alike: em dashes, "it's not X, it's Y", "nestled in the heart
 * of", "a symphony of", chains of emoji (sources in /work/shared/reference/next-features-facts.md §7).
 * They are hints, never errors: a studio may mean "oasis". The model is told to avoid them
 * (`aiTellsForPrompt`) and the editor highlights them (`findAiTells`).
 *
 * Patterns are written for the folded text (lower case, without accents, ç as c, ñ as n), so "Sumérgete",
 * "sumergete" and "SUMÉRGETE" are one tell; offsets are mapped back to the text as written.
 */
interface AiTell {
  id: string;
  /** Run on the folded text; the `g` flag is added. */
  pattern: RegExp;
  /** How the prompt names it: the phrase itself, quoted, or a short description in English. */
  prompt: string;
}

export interface AiTellFound {
  id: string;
  /** The text as written between start and end. */
  text: string;
  start: number;
  end: number;
}

const EMOJI = String.raw`\p{Extended_Pictographic}\uFE0F?(?:\u200D\p{Extended_Pictographic}\uFE0F?)*`;
/**
 * A sentence starts here: only spaces, emoji or opening marks since the text's start or the last stop,
 * so an imperative ("Descubre…", "Discover…") is told from the same word inside a sentence.
 */
const AT_SENTENCE_START = String.raw`(?<=(?:^|[.!?…:\n])(?:\s|${EMOJI}|[¡¿"'«“(])*)`;
/** A question that opens a line: "¿Te imaginas…?", "Ever wondered…". */
const AT_LINE_START = String.raw`(?<=(?:^|\n)(?:\s|${EMOJI}|[¡¿"'«“(])*)`;

// Not followed by a letter: `\b` would refuse a pattern that ends with "?".
function atSentenceStart(words: string): RegExp {
  return new RegExp(`${AT_SENTENCE_START}(?:${words})(?![a-z0-9])`, 'u');
}
function atLineStart(words: string): RegExp {
  return new RegExp(`${AT_LINE_START}(?:${words})(?![a-z0-9])`, 'u');
}

/** The same in every language. */
const SHARED: AiTell[] = [
  // Between words only: a Spanish or Catalan dialogue dash opens a line, and that is not the tell.
  { id: 'em-dash', pattern: /(?<=\S[ \t]?)(?:—|--)(?=[ \t]?\S)/u, prompt: 'em dashes (—) between clauses: use a comma or a full stop' },
  { id: 'emoji-chain', pattern: new RegExp(`${EMOJI}(?:\\s*${EMOJI})+`, 'u'), prompt: 'several emoji in a row (🚀✨): one at most, where it says something' },
];

const TELLS: Record<Language, AiTell[]> = {
  es: [
    ...SHARED,
    {
      id: 'not-just',
      pattern: /\bno (?:es|son|se trata de) (?:solo|solamente|simplemente|unicamente|meramente)\b[^.!?\n]{1,80}?[,;:—–]\s*(?:es|son|se trata de|sino)\b/u,
      prompt: '"no es solo X, es Y"',
    },
    {
      id: 'more-than',
      pattern: /\bmas que (?:un|una|unos|unas) [a-z]+\s*[,:—–]\s*(?:es |son )?(?:un|una|unos|unas)\b/u,
      prompt: '"más que una casa, un hogar"',
    },
    { id: 'heart-of', pattern: /\ben (?:el )?(?:mismo |pleno )?corazon del?\b/u, prompt: '"en el corazón de"' },
    { id: 'immerse', pattern: /\bsumerg(?:ete|eos|ase|anse|irse|irte|irnos)\b/u, prompt: '"sumérgete"' },
    { id: 'discover', pattern: atSentenceStart('descubre|descubrid|descubrelo|descubrela|descubran'), prompt: '"descubre…" as an opening' },
    { id: 'every-corner', pattern: /\bcada (?:rincon|recoveco)\b/u, prompt: '"cada rincón"' },
    { id: 'oasis', pattern: /\boasis\b/u, prompt: '"un oasis"' },
    {
      id: 'where-meets',
      pattern: /\bdonde (?:[a-z]+ ){1,4}se (?:encuentra|encuentran|funde|funden|une|unen|da la mano|dan la mano) con\b/u,
      prompt: '"donde la tradición se encuentra con la modernidad"',
    },
    { id: 'testament', pattern: /\b(?:un|vivo|claro) testimonio de\b/u, prompt: '"un testimonio de"' },
    { id: 'next-level', pattern: /\b(?:al siguiente|a otro|a un nuevo) nivel\b/u, prompt: '"al siguiente nivel"' },
    { id: 'seamless', pattern: /\b(?:sin fisuras|a la perfeccion|en perfecta armonia|armonia perfecta)\b/u, prompt: '"sin fisuras", "en perfecta armonía"' },
    { id: 'symphony', pattern: /\bsinfonia de\b/u, prompt: '"una sinfonía de"' },
    { id: 'journey', pattern: /\b(?:embarcate|un viaje (?:a traves|sensorial|por los sentidos))\b/u, prompt: '"embárcate en un viaje"' },
    { id: 'dancing-light', pattern: /\bluz (?:que )?(?:baila|danza|juega)\b/u, prompt: '"la luz baila"' },
    { id: 'timeless', pattern: /\b(?:elegancia|belleza|diseno) atemporal\b/u, prompt: '"elegancia atemporal"' },
    {
      id: 'carefully-crafted',
      pattern: /\b(?:meticulosamente|cuidadosamente|minuciosamente) (?:disenad|pensad|seleccionad|elaborad|cuidad)[oa]s?\b/u,
      prompt: '"cuidadosamente diseñado"',
    },
    { id: 'magic-of', pattern: /\bla magia de\b/u, prompt: '"la magia de"' },
    { id: 'in-conclusion', pattern: /\ben (?:definitiva|resumen|conclusion)\b/u, prompt: '"en definitiva", "en resumen"' },
    {
      id: 'question-opener',
      pattern: atLineStart('¿(?:te imaginas|os imaginais|sabias que|alguna vez|y si)|imaginate|imagina'),
      prompt: 'opening with a rhetorical question ("¿Te imaginas…?", "¿Sabías que…?")',
    },
  ],
  en: [
    ...SHARED,
    {
      id: 'not-just',
      pattern:
        /\b(?:(?:it|this|that|they|these|he|she)(?:'s| is|'re| are) not|isn't|aren't) (?:just|only|merely|simply)\b[^.!?\n]{1,80}?[,;:—–]\s*(?:it|they|this|that)(?:'s| is|'re| are)\b/u,
      prompt: '"it\'s not just X, it\'s Y"',
    },
    { id: 'heart-of', pattern: /\bin the (?:very )?heart of\b/u, prompt: '"in the heart of"' },
    { id: 'nestled', pattern: /\bnestled\b/u, prompt: '"nestled"' },
    { id: 'delve', pattern: /\bdelv(?:e|es|ed|ing)\b/u, prompt: '"delve"' },
    { id: 'testament', pattern: /\btestament to\b/u, prompt: '"a testament to"' },
    // "Elevated" is left out: an elevated walkway is architecture, not a tell.
    { id: 'elevate', pattern: /\belevat(?:e|es|ing)\b/u, prompt: '"elevate"' },
    { id: 'seamless', pattern: /\bseamless(?:ly)?\b/u, prompt: '"seamless", "seamlessly"' },
    { id: 'symphony', pattern: /\bsymphony of\b/u, prompt: '"a symphony of"' },
    { id: 'where-meets', pattern: /\bwhere (?:[a-z]+ ){1,3}meets?\b/u, prompt: '"where tradition meets modernity"' },
    { id: 'immerse', pattern: /\b(?:step inside|dive into|immerse yourself|embark on)\b/u, prompt: '"step inside", "dive into", "immerse yourself"' },
    { id: 'discover', pattern: atSentenceStart('discover|explore|unlock'), prompt: '"Discover…", "Explore…" as an opening' },
    { id: 'every-corner', pattern: /\bevery (?:corner|nook)\b/u, prompt: '"every corner"' },
    { id: 'tells-a-story', pattern: /\btells? (?:a|its own|the|their) story\b/u, prompt: '"tells a story"' },
    { id: 'oasis', pattern: /\boasis\b/u, prompt: '"an oasis"' },
    { id: 'tapestry', pattern: /\btapestry\b/u, prompt: '"a tapestry of"' },
    { id: 'timeless', pattern: /\btimeless (?:elegance|beauty|design|appeal)\b/u, prompt: '"timeless elegance"' },
    {
      id: 'carefully-crafted',
      pattern: /\b(?:meticulously|thoughtfully|carefully|masterfully|lovingly) (?:crafted|curated|designed|considered)\b/u,
      prompt: '"meticulously crafted", "thoughtfully curated"',
    },
    {
      id: 'harmonious-blend',
      pattern: /\b(?:harmonious|perfect|seamless) (?:blend|balance|harmony|fusion)\b/u,
      prompt: '"a harmonious blend", "perfect balance"',
    },
    { id: 'redefine', pattern: /\bredefin(?:e|es|ing)\b/u, prompt: '"redefines"' },
    { id: 'boasts', pattern: /\bboasts?\b/u, prompt: '"boasts"' },
    { id: 'dancing-light', pattern: /\blight (?:that )?(?:dances|dancing|plays)\b/u, prompt: '"light dances"' },
    { id: 'in-conclusion', pattern: /\bin (?:conclusion|summary)\b/u, prompt: '"in conclusion", "in summary"' },
    {
      id: 'question-opener',
      pattern: atLineStart('ever wondered|have you ever|what if|imagine|did you know'),
      prompt: 'opening with a rhetorical question ("Ever wondered…?", "What if…?")',
    },
  ],
  cat: [
    ...SHARED,
    {
      id: 'not-just',
      pattern: /\bno (?:es|son) (?:nomes|sols|simplement|unicament|solament|merament)\b[^.!?\n]{1,80}?[,;:—–]\s*(?:es|son|sino)\b/u,
      prompt: '"no és només X, és Y"',
    },
    { id: 'more-than', pattern: /\bmes que (?:un|una|uns|unes) [a-z]+\s*[,:—–]\s*(?:es |son )?(?:un|una|uns|unes)\b/u, prompt: '"més que una casa, una llar"' },
    { id: 'heart-of', pattern: /\b(?:al|en el) (?:mateix |ple )?cor de\b/u, prompt: '"al cor de"' },
    { id: 'immerse', pattern: /\bsubmerg(?:eix-te|iu-vos|ir-se|ir-te|ir-nos)\b/u, prompt: '"submergeix-te"' },
    { id: 'discover', pattern: atSentenceStart('descobreix|descobriu|descobreix-lo|descobreix-la'), prompt: '"descobreix…" as an opening' },
    { id: 'every-corner', pattern: /\bcada raco\b/u, prompt: '"cada racó"' },
    { id: 'oasis', pattern: /\boasi\b/u, prompt: '"un oasi"' },
    {
      id: 'where-meets',
      pattern: /\bon (?:[a-z·]+ ){1,4}es (?:troba|troben|fon|fonen|uneix|uneixen|dona la ma|donen la ma) amb\b/u,
      prompt: '"on la tradició es troba amb la modernitat"',
    },
    { id: 'testament', pattern: /\b(?:un|viu|clar) testimoni de\b/u, prompt: '"un testimoni de"' },
    { id: 'next-level', pattern: /\b(?:al seguent|a un altre|a un nou) nivell\b/u, prompt: '"al següent nivell"' },
    {
      id: 'seamless',
      pattern: /\b(?:sense fissures|a la perfeccio|en perfecta harmonia|harmonia perfecta)\b/u,
      prompt: '"sense fissures", "en perfecta harmonia"',
    },
    { id: 'symphony', pattern: /\bsimfonia de\b/u, prompt: '"una simfonia de"' },
    { id: 'journey', pattern: /\b(?:embarca't|un viatge (?:a traves|sensorial|pels sentits))\b/u, prompt: '"embarca\'t en un viatge"' },
    { id: 'dancing-light', pattern: /\bllum (?:que )?(?:balla|dansa|juga)\b/u, prompt: '"la llum balla"' },
    { id: 'timeless', pattern: /\b(?:elegancia|bellesa|disseny) atemporal\b/u, prompt: '"elegància atemporal"' },
    {
      id: 'carefully-crafted',
      pattern: /\b(?:meticulosament|acuradament|curosament|minuciosament) (?:dissenya|pensa|selecciona|elabora|cuida)(?:t|ts|da|des)\b/u,
      prompt: '"acuradament dissenyat"',
    },
    { id: 'magic-of', pattern: /\bla magia de\b/u, prompt: '"la màgia de"' },
    { id: 'in-conclusion', pattern: /\ben (?:definitiva|resum|conclusio)\b/u, prompt: '"en definitiva", "en resum"' },
    {
      id: 'question-opener',
      pattern: atLineStart("t'imagines|us imagineu|sabies que|alguna vegada|i si [^.!?\\n]*\\?|imagina't|imagina"),
      prompt: 'opening with a rhetorical question ("T\'imagines…?", "Sabies que…?")',
    },
  ],
};

/** The tells in a text, in order of where they start; two tells never overlap (the earlier, then longer, wins). */
export function findAiTells(text: string, language: Language): AiTellFound[] {
  const { folded, startOf, endOf } = fold(text);
  const found: AiTellFound[] = [];
  for (const tell of TELLS[language]) {
    for (const match of folded.matchAll(new RegExp(tell.pattern.source, `${tell.pattern.flags}g`))) {
      if (match[0] === '') continue;
      const start = startOf[match.index]!;
      const end = endOf[match.index + match[0].length - 1]!;
      found.push({ id: tell.id, text: text.slice(start, end), start, end });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  return found.filter((tell, index) => found.slice(0, index).every((earlier) => earlier.end <= tell.start));
}

/** Short phrases to tell a model to avoid in a text written in `language`. */
export function aiTellsForPrompt(language: Language): string[] {
  return TELLS[language].map((tell) => tell.prompt);
}

/**
 * The text in lower case without accents, and for each of its code units the span of the text it came
 * from: folding may shorten ("é" typed as e + a combining accent) or lengthen ("İ") what it folds.
 */
function fold(text: string): { folded: string; startOf: number[]; endOf: number[] } {
  let folded = '';
  const startOf: number[] = [];
  const endOf: number[] = [];
  let index = 0;
  for (const character of text) {
    const piece = character
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Typographic apostrophes fold to one, so "it’s" and "it's" match alike.
      .replace(/[’`]/gu, "'");
    for (let unit = 0; unit < piece.length; unit++) {
      startOf.push(index);
      endOf.push(index + character.length);
    }
    folded += piece;
    index += character.length;
  }
  return { folded, startOf, endOf };
}
