import type { Language } from '../../../domain/languages.ts';
import type { Category } from '../../../domain/project.ts';

/**
 * The sentences of the template writer in each language. Functions rather than i18next strings, because
 * each language orders the optional pieces (category, place, year) its own way; the type makes sure no
 * language misses a sentence. The values handed in are trimmed, without a final full stop.
 */
export interface TemplatePhrases {
  /** BCP 47, for cutting the description into sentences. */
  locale: string;
  /** Stands in for a missing title (the form requires one; the writer never prints an empty name). */
  untitled: string;
  categories: Record<Category, { name: string; aProject: string }>;
  /** Post 1 opens by presenting the project. */
  presentation(parts: { title: string; aProject?: string; location?: string; year?: number }): string;
  /** Post 2 opens with the place, or without one, just goes on with the project. */
  place(title: string, location: string): string;
  goingOn(title: string): string;
  team: string;
  /** Post 3 opens by looking at the details. */
  closerLook(title: string): string;
  /** Post 4 opens the credits, or without any credit, closes the series. */
  creditsOf(title: string): string;
  tourEnd(title: string): string;
  labels: { authors: string; collaborators: string; promoter: string; photography: string; category: string; year: string; location: string };
  /** The call to the studio's web page, or to comment when there is none. */
  visit(weblink: string): string;
  askForComments: string;
}

/** A sentence ends with one stop: none is added after "?", "!", "…" or a stop already there. */
export function sentence(text: string): string {
  return /[.!?…]$/u.test(text) ? text : `${text}.`;
}

const spanish: TemplatePhrases = {
  locale: 'es',
  untitled: 'Nuestro nuevo proyecto',
  categories: {
    residencial: { name: 'Residencial', aProject: 'un proyecto residencial' },
    docente: { name: 'Docente', aProject: 'un proyecto docente' },
    oficinas: { name: 'Oficinas', aProject: 'un proyecto de oficinas' },
    planeamiento: { name: 'Planeamiento', aProject: 'un proyecto de planeamiento' },
    cultural: { name: 'Cultural', aProject: 'un proyecto cultural' },
    publico: { name: 'Público', aProject: 'un proyecto público' },
    rehabilitacion: { name: 'Rehabilitación', aProject: 'un proyecto de rehabilitación' },
    interiorismo: { name: 'Interiorismo', aProject: 'un proyecto de interiorismo' },
    sanitario: { name: 'Sanitario', aProject: 'un proyecto sanitario' },
  },
  presentation: ({ title, aProject, location, year }) =>
    sentence(`Presentamos ${title}${aProject ? `, ${aProject}` : ''}${location ? ` en ${location}` : ''}${year ? ` (${year})` : ''}`),
  place: (_title, location) => `📍 ${location}`,
  goingOn: (title) => sentence(`Seguimos con ${title}`),
  team: 'El equipo:',
  closerLook: (title) => sentence(`Los detalles de ${title}`),
  creditsOf: (title) => `Créditos de ${title}:`,
  tourEnd: (title) => sentence(`Gracias por seguir la serie sobre ${title}`),
  labels: {
    authors: 'Autoría',
    collaborators: 'Colaboración',
    promoter: 'Promotor',
    photography: 'Fotografía',
    category: 'Categoría',
    year: 'Año',
    location: 'Ubicación',
  },
  visit: (weblink) => `🔗 Más sobre el proyecto en ${weblink}`,
  askForComments: '¿Qué os parece? Os leemos en los comentarios.',
};

const english: TemplatePhrases = {
  locale: 'en',
  untitled: 'Our new project',
  categories: {
    residencial: { name: 'Residential', aProject: 'a residential project' },
    docente: { name: 'Education', aProject: 'an education project' },
    oficinas: { name: 'Offices', aProject: 'an office project' },
    planeamiento: { name: 'Urban planning', aProject: 'an urban planning project' },
    cultural: { name: 'Cultural', aProject: 'a cultural project' },
    publico: { name: 'Public', aProject: 'a public project' },
    rehabilitacion: { name: 'Refurbishment', aProject: 'a refurbishment project' },
    interiorismo: { name: 'Interior design', aProject: 'an interior design project' },
    sanitario: { name: 'Healthcare', aProject: 'a healthcare project' },
  },
  presentation: ({ title, aProject, location, year }) =>
    sentence(`Introducing ${title}${aProject ? `, ${aProject}` : ''}${location ? ` in ${location}` : ''}${year ? ` (${year})` : ''}`),
  place: (_title, location) => `📍 ${location}`,
  goingOn: (title) => sentence(`More on ${title}`),
  team: 'The team:',
  closerLook: (title) => sentence(`A closer look at ${title}`),
  creditsOf: (title) => `Credits for ${title}:`,
  tourEnd: (title) => sentence(`Thanks for following our series on ${title}`),
  labels: {
    authors: 'Authors',
    collaborators: 'Collaborators',
    promoter: 'Client',
    photography: 'Photography',
    category: 'Category',
    year: 'Year',
    location: 'Location',
  },
  visit: (weblink) => `🔗 More about the project at ${weblink}`,
  askForComments: 'What do you think? Tell us in the comments.',
};

const catalan: TemplatePhrases = {
  locale: 'ca',
  untitled: 'El nostre nou projecte',
  categories: {
    residencial: { name: 'Residencial', aProject: 'un projecte residencial' },
    docente: { name: 'Docent', aProject: 'un projecte docent' },
    oficinas: { name: 'Oficines', aProject: "un projecte d'oficines" },
    planeamiento: { name: 'Planejament', aProject: 'un projecte de planejament' },
    cultural: { name: 'Cultural', aProject: 'un projecte cultural' },
    publico: { name: 'Públic', aProject: 'un projecte públic' },
    rehabilitacion: { name: 'Rehabilitació', aProject: 'un projecte de rehabilitació' },
    interiorismo: { name: 'Interiorisme', aProject: "un projecte d'interiorisme" },
    sanitario: { name: 'Sanitari', aProject: 'un projecte sanitari' },
  },
  presentation: ({ title, aProject, location, year }) =>
    sentence(`Us presentem ${title}${aProject ? `, ${aProject}` : ''}${location ? ` a ${location}` : ''}${year ? ` (${year})` : ''}`),
  place: (_title, location) => `📍 ${location}`,
  goingOn: (title) => sentence(`Seguim amb ${title}`),
  team: "L'equip:",
  closerLook: (title) => sentence(`Els detalls de ${title}`),
  creditsOf: (title) => `Crèdits de ${title}:`,
  tourEnd: (title) => sentence(`Gràcies per seguir la sèrie sobre ${title}`),
  labels: {
    authors: 'Autoria',
    collaborators: 'Col·laboració',
    promoter: 'Promotor',
    photography: 'Fotografia',
    category: 'Categoria',
    year: 'Any',
    location: 'Ubicació',
  },
  visit: (weblink) => `🔗 Més sobre el projecte a ${weblink}`,
  askForComments: 'Què us sembla? Us llegim als comentaris.',
};

export const TEMPLATE_PHRASES: Record<Language, TemplatePhrases> = { es: spanish, en: english, cat: catalan };
