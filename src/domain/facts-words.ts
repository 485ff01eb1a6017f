/**
 * The word lists of the facts rule (facts.ts), normalised as it compares words: lower case, without
 * accents. Kept apart so the rule reads as rules.
 */

/** Capitalised but never a fact: days, months, the networks, the English "I". */
export const NEVER_NAMES: ReadonlySet<string> = new Set([
  // es
  ...['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'],
  ...['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'setiembre', 'octubre', 'noviembre', 'diciembre'],
  // en
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  // cat
  ...['dilluns', 'dimarts', 'dimecres', 'dijous', 'divendres', 'dissabte', 'diumenge'],
  // "març" is left out: written without its accent it is Marc, a first name.
  ...['gener', 'febrer', 'maig', 'juny', 'juliol', 'agost', 'setembre', 'novembre', 'desembre'],
  ...['instagram', 'linkedin', 'facebook', 'twitter', 'tiktok', 'youtube', 'pinterest', 'threads', 'whatsapp', 'google'],
  'i',
]);

/** Titles before a name, written with a full stop that does not end the sentence: "Sr. Pérez", "Dr. Puig". */
export const TITLES: ReadonlySet<string> = new Set(['sr', 'sra', 'srta', 'd', 'dna', 'dr', 'dra', 'mr', 'mrs', 'ms', 'prof', 'arq', 'ing', 'sres']);

/**
 * Common words that open a sentence (articles, pronouns, prepositions, the writers' usual verbs): such a
 * word before a name is not part of it, and written in capitals ("MUY", "THE") it is emphasis, not a name.
 */
export const COMMON_STARTERS: ReadonlySet<string> = new Set([
  // es
  ...['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'lo', 'al', 'del', 'de', 'en', 'con', 'por', 'para', 'sin', 'sobre'],
  ...['entre', 'desde', 'hasta', 'hacia', 'tras', 'y', 'e', 'o', 'u', 'ni', 'pero', 'mas', 'que', 'como', 'cuando', 'donde', 'porque'],
  ...['si', 'no', 'ya', 'tambien', 'asi', 'este', 'esta', 'estos', 'estas', 'ese', 'esa', 'esos', 'esas', 'aquel', 'aquella', 'su', 'sus'],
  ...['mi', 'mis', 'tu', 'tus', 'nuestro', 'nuestra', 'nuestros', 'nuestras', 'nosotros', 'yo', 'ella', 'ellos', 'ellas', 'todo', 'toda'],
  ...['todos', 'todas', 'cada', 'otro', 'otra', 'muy', 'menos', 'aqui', 'alli', 'hoy', 'ayer', 'ahora', 'presentamos', 'seguimos'],
  ...['descubre', 'conoce', 'visita', 'mira', 'gracias', 'nuevo', 'nueva', 'os', 'te', 'le', 'les', 'se', 'hemos', 'somos', 'es'],
  // en
  ...['the', 'a', 'an', 'this', 'that', 'these', 'those', 'our', 'we', 'my', 'your', 'their', 'its', 'it', 'in', 'on', 'at', 'of'],
  ...['for', 'with', 'by', 'from', 'to', 'and', 'or', 'but', 'as', 'if', 'when', 'where', 'why', 'how', 'what', 'who', 'which'],
  ...['there', 'here', 'today', 'now', 'new', 'introducing', 'meet', 'discover', 'explore', 'see', 'take', 'more', 'every', 'each'],
  ...['all', 'some', 'after', 'before', 'during', 'inside', 'through', 'very', 'also', 'just', 'not', 'yes', 'thanks', 'is', 'are'],
  // cat
  ...['els', 'l', 'uns', 'unes', 'd', 'dels', 'amb', 'sense', 'des', 'fins', 'cap', 'per', 'pero', 'quan', 'on', 'perque', 'ja', 'tambe'],
  ...['aquest', 'aquesta', 'aquests', 'aquestes', 'aquell', 'seu', 'seva', 'seus', 'seves', 'nostre', 'nostres', 'nosaltres'],
  ...['jo', 'ell', 'tot', 'tota', 'tots', 'totes', 'altre', 'altra', 'molt', 'mes', 'avui', 'ara', 'us', 'presentem', 'seguim'],
  ...['descobreix', 'coneix', 'gracies', 'nou', 'som', 'hem'],
]);

/**
 * Lower-case words that join the words of one name: "Palau de la Música", "Mies van der Rohe",
 * "d'Arquitectura". An article joins only after one of them ("de la", "of the"): "Ganó el Premio" is no name.
 */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set(['de', 'del', 'dels', 'd', 'van', 'von', 'der', 'den', 'da', 'di', 'do', 'dos', 'das', 'du', 'of']);
export const NAME_ARTICLES: ReadonlySet<string> = new Set(['la', 'las', 'los', 'el', 'l', 'les', 'els', 'le', 'the', 'der', 'den']);

/** A name holding one of these words is an award: "Premio FAD", "Premi Ciutat de Barcelona", "Mies van der Rohe". */
export const AWARD_WORDS: ReadonlySet<string> = new Set([
  ...['premio', 'premios', 'premi', 'premis', 'prize', 'prizes', 'award', 'awards', 'medalla', 'medal', 'mencion', 'mencio'],
  ...['accesit', 'bienal', 'biennal', 'biennale', 'biennial', 'pritzker', 'mies'],
]);

/** Written in lower case beside a name, they make it an award: "el premio FAD", "a RIBA award". */
export const AWARD_TRIGGERS: ReadonlySet<string> = new Set([
  ...['premio', 'premios', 'premi', 'premis', 'prize', 'prizes', 'award', 'awards', 'medalla', 'medal', 'mencion', 'mencio', 'accesit'],
]);
