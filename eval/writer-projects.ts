import type { Language } from '../src/domain/languages.ts';
import type { Category } from '../src/domain/project.ts';
import type { WriterProject } from '../src/server/adapters/ai/post-writer.ts';

/**
 * The fixed projects of the writer evaluation (issue 24 item 6): es, en and cat studios, every SPEC category,
 * 1 to 4 posts, posts with and without images, full and sparse fields. Each description is written as a studio
 * writes it, with the figures and names a writer may quote; `en-interior-bar` is an English studio that wrote its
 * description in Spanish (the template quotes it as written, see README).
 */
export interface EvalProject {
  key: string;
  language: Language;
  project: WriterProject & { category: Category };
  /** Images per post, one entry per post. */
  posts: number[];
}

const base: Omit<WriterProject, 'id' | 'title' | 'category' | 'description'> = {
  keywords: [],
  authors: '',
  collaborators: '',
  promoter: '',
  photoCredit: '',
  weblink: '',
  year: null,
  location: '',
};

export const EVAL_PROJECTS: readonly EvalProject[] = [
  {
    key: 'es-housing',
    language: 'es',
    posts: [2, 1],
    project: {
      ...base,
      id: 1,
      title: 'Viviendas en la calle Sagunto',
      category: 'residencial',
      location: 'Valencia',
      year: 2024,
      description:
        'Edificio de 18 viviendas de protección pública en una parcela entre medianeras. Los patios abiertos ventilan cada vivienda de lado a lado y la fachada de ladrillo cara vista recoge la tradición del barrio. Las cubiertas son jardines comunitarios.',
      keywords: ['vivienda', 'ladrillo', 'Valencia'],
      authors: 'Marta Soler, Pau Ribas',
      promoter: 'EMV Valencia',
      photoCredit: 'Mariela Apollonio',
      weblink: 'https://estudio-sagunto.example/viviendas',
    },
  },
  {
    key: 'en-school',
    language: 'en',
    posts: [0],
    project: {
      ...base,
      id: 2,
      title: 'Hillside Primary School',
      category: 'docente',
      location: 'Bristol',
      year: 2023,
      description:
        'A primary school for 420 pupils built in cross-laminated timber. Classrooms open onto a covered veranda, so every lesson can move outside, and the hall doubles as a community space in the evenings.',
      keywords: ['school', 'timber', 'education'],
      authors: 'North Studio',
      collaborators: 'Price & Myers (structure)',
    },
  },
  {
    key: 'cat-offices',
    language: 'cat',
    posts: [1, 1, 1],
    project: {
      ...base,
      id: 3,
      title: 'Oficines al Poblenou',
      category: 'oficinas',
      location: 'Barcelona',
      year: 2022,
      description:
        "Rehabilitació d'una antiga fàbrica tèxtil per a 300 llocs de treball. Hem mantingut les voltes catalanes i hi hem afegit un pati central que porta llum natural a totes les plantes. L'estructura de formigó original queda vista.",
      keywords: ['oficines', 'Poblenou', 'patrimoni industrial'],
      authors: 'Anna Vidal',
      collaborators: 'Jordi Puig',
      promoter: 'Districte Tech SL',
      photoCredit: 'Adrià Goula',
      weblink: 'https://vidal-arquitectura.example',
    },
  },
  {
    key: 'es-masterplan',
    language: 'es',
    posts: [0, 0, 0, 0],
    project: {
      ...base,
      id: 4,
      title: 'Plan especial del frente fluvial',
      category: 'planeamiento',
      location: 'Zaragoza',
      year: 2021,
      description:
        'Ordenación de 12 hectáreas junto al Ebro. El plan convierte una avenida de cuatro carriles en un paseo arbolado, conecta los barrios con el río y reserva suelo para equipamientos y vivienda asequible.',
      keywords: ['urbanismo', 'río', 'espacio público'],
      authors: 'Oficina de Planeamiento Urbano',
      promoter: 'Ayuntamiento de Zaragoza',
    },
  },
  {
    key: 'en-museum',
    language: 'en',
    posts: [3, 0],
    project: {
      ...base,
      id: 5,
      title: 'Harbour Museum',
      category: 'cultural',
      location: 'Aberdeen',
      year: 2025,
      description:
        'A museum of the harbour in a restored granite warehouse. A new glazed gallery on the roof looks over the docks, and the ground floor stays open to the quay as a public room.',
      keywords: ['museum', 'granite', 'adaptive reuse', 'harbour'],
      authors: 'Coast Architects',
      photoCredit: 'Keith Hunter',
      weblink: 'https://coast-architects.example/harbour-museum',
    },
  },
  {
    key: 'cat-market',
    language: 'cat',
    posts: [2],
    project: {
      ...base,
      id: 6,
      title: 'Mercat de Sant Antoni de Reus',
      category: 'publico',
      location: 'Reus',
      year: 2020,
      description:
        "Nova coberta de fusta per al mercat municipal. La plaça coberta acull les parades durant el matí i s'obre als veïns a la tarda per a activitats del barri.",
      keywords: ['mercat', 'fusta'],
      authors: 'Roca i Serra arquitectes',
      promoter: 'Ajuntament de Reus',
    },
  },
  {
    key: 'es-farmhouse',
    language: 'es',
    posts: [1, 0, 2],
    project: {
      ...base,
      id: 7,
      title: 'Rehabilitación de una masía en el Maestrazgo',
      category: 'rehabilitacion',
      location: 'Morella, Castellón',
      year: 2019,
      description:
        'Recuperamos una masía del siglo XVIII con muros de piedra seca de 80 cm. Las nuevas carpinterías de madera siguen los huecos originales y el antiguo pajar es ahora el salón, con la estructura de vigas restaurada.',
      keywords: ['masía', 'piedra', 'rehabilitación'],
      authors: 'Laura Beltrán',
      photoCredit: 'José Hevia',
    },
  },
  {
    key: 'en-interior-bar',
    language: 'en',
    posts: [1, 1, 1, 1],
    project: {
      ...base,
      id: 8,
      title: 'Bar Lola',
      category: 'interiorismo',
      location: 'Madrid',
      year: 2024,
      description:
        'Reforma de un bar de barrio en Lavapiés. La barra de terrazo y las lámparas de latón se hicieron a medida, y los azulejos verdes recuperan los colores del local original de los años sesenta.',
      keywords: ['interiorismo', 'bar', 'terrazo'],
      authors: 'Estudio Nómada',
      photoCredit: 'Imagen Subliminal',
      weblink: 'https://estudionomada.example/bar-lola',
    },
  },
  {
    key: 'cat-health-centre',
    language: 'cat',
    posts: [0, 2],
    project: {
      ...base,
      id: 9,
      title: "Centre d'atenció primària de Manlleu",
      category: 'sanitario',
      location: 'Manlleu',
      year: 2023,
      description:
        "Un centre de salut de dues plantes organitzat al voltant de tres patis. Cada consulta té finestra a un pati i les sales d'espera miren al jardí. La façana de ceràmica protegeix del sol de ponent.",
      keywords: ['salut', 'ceràmica', 'equipament'],
      authors: 'Bosch Capdeferro',
      promoter: 'Servei Català de la Salut',
    },
  },
  {
    key: 'en-house',
    language: 'en',
    posts: [2, 2, 0],
    project: {
      ...base,
      id: 10,
      title: 'House on the Moor',
      category: 'residencial',
      location: 'Yorkshire Dales',
      year: 2022,
      description:
        'A family house set low into a slope, with a sedum roof that joins the moor. Thick stone walls keep it warm in winter, and a long window frames the valley from the kitchen table.',
      keywords: ['house', 'stone', 'landscape'],
      authors: 'Field Office',
      photoCredit: 'Jim Stephenson',
    },
  },
  {
    key: 'cat-library',
    language: 'cat',
    posts: [1, 0, 1, 0],
    project: {
      ...base,
      id: 11,
      title: 'Biblioteca de Can Fabra',
      category: 'rehabilitacion',
      location: 'Girona',
      year: 2018,
      description:
        "Transformació d'una nau industrial en la biblioteca del barri. Els lluernaris de la coberta s'han obert de nou i la sala de lectura ocupa tota la nau, amb prestatges baixos que deixen veure l'espai sencer.",
      keywords: ['biblioteca', 'rehabilitació', 'llum natural'],
      authors: 'Clara Font',
      collaborators: 'Marc Serra',
      photoCredit: 'Jordi Surroca',
      weblink: 'https://clarafont.example/can-fabra',
    },
  },
  {
    key: 'es-nursery',
    language: 'es',
    posts: [4],
    project: {
      ...base,
      id: 12,
      title: 'Escuela infantil El Roble',
      category: 'docente',
      description: 'Una escuela infantil de una sola planta con aulas que se abren a un patio de juegos bajo los árboles.',
    },
  },
  {
    key: 'en-offices',
    language: 'en',
    posts: [1],
    project: {
      ...base,
      id: 13,
      title: 'Canal Street Workplace',
      category: 'oficinas',
      location: 'Manchester',
      year: 2025,
      description:
        'Six floors of offices around a wide stair that joins them. Exposed concrete ceilings cool the rooms at night, and every floor has a terrace facing the canal.',
      keywords: ['workplace', 'concrete'],
      authors: 'Mill Studio',
      weblink: 'https://millstudio.example',
    },
  },
];
