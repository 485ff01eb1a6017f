import type { ProjectInput } from '../../domain/project.ts';
import type { CreateUser } from '../../domain/user.ts';
import type { SceneKind } from './demo-images.ts';

/**
 * What the demo studio is made of: its people, its prompts and its projects, in Spanish (the default
 * language). Invented names and places that read like a real Valencian studio's work.
 */

export const DEMO_CUSTOMER = {
  first_name: 'Laura',
  last_name: 'Roca Vidal',
  email: 'clienta@alzado.local',
  phone: '+34 600 123 456',
  role: 'customer',
  company: 'Estudio Roca',
  vat: 'B46123456',
  description: 'Estudio de arquitectura en Valencia: vivienda, equipamientos y rehabilitación desde 2009.',
  language: 'es',
} as const satisfies Omit<CreateUser, 'password' | 'active' | 'approval'>;

export const DEMO_PUBLISHER = {
  first_name: 'Pablo',
  last_name: 'Ferrer Soler',
  email: 'publicador@alzado.local',
  phone: '+34 600 654 321',
  role: 'publisher',
  company: 'Estudio Roca',
  vat: '',
  description: 'Prepara los proyectos del estudio para su publicación.',
  language: 'es',
} as const satisfies Omit<CreateUser, 'password' | 'active' | 'approval'>;

/** The administrator's prompt: public, so every studio can pick it. */
export const PUBLIC_PROMPT = {
  title: 'Tono editorial de revista de arquitectura',
  description: [
    'Escribe como una revista de arquitectura contemporánea, en español claro y sin exageraciones.',
    'Empieza por lo que hace único al proyecto (el lugar, la luz, el material o la manera de habitarlo) y no por su nombre.',
    'Explica una decisión de proyecto y su porqué en dos o tres frases; evita adjetivos vacíos como "espectacular" o "único".',
    'Cita a los autores, el año y la localización, y cierra con una pregunta o una invitación a ver el proyecto completo.',
    'En Instagram, como mucho 1.200 caracteres y 5 hashtags al final (Instagram no admite más); en LinkedIn, un tono algo más profesional.',
  ].join('\n'),
};

/** The customer's own prompt: private to her. */
export const PRIVATE_PROMPT = {
  title: 'Voz de Estudio Roca',
  description: [
    'Habla en primera persona del plural, como el equipo de Estudio Roca: cercano, preciso y con orgullo contenido.',
    'Menciona siempre a quien nos encargó el proyecto y agradece a los colaboradores y al fotógrafo por su nombre.',
    'Destaca la sostenibilidad cuando la haya: orientación, ventilación cruzada, materiales de proximidad, rehabilitación frente a obra nueva.',
    'Frases cortas. Un emoji como mucho, y solo si aporta. Nada de mayúsculas para enfatizar.',
    'Termina con #EstudioRoca y los hashtags del proyecto, cinco en total como mucho.',
  ].join('\n'),
};

export type DemoPerson = 'admin' | 'customer' | 'publisher';

export interface DemoImage {
  kind: SceneKind;
  width: number;
  height: number;
  /** Uploaded, then set aside in the arrangement: it stays in the project but goes into no post. */
  unselected?: boolean;
}

export interface DemoProject {
  /** Who creates it. */
  createdBy: DemoPerson;
  /** An administrator assigns it to the customer. */
  assignToCustomer?: boolean;
  /** Launched (posts generated), or left as a draft. */
  launch: boolean;
  /** One of its posts is scheduled for tomorrow to the customer's LinkedIn. */
  scheduleFirstPost?: boolean;
  /** Which prompt of My GPTs it uses. */
  prompt?: 'public' | 'private';
  /** The project's main colour, for its pictures. */
  hue: number;
  fields: Omit<ProjectInput, 'prompt_id'>;
  images: DemoImage[];
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    createdBy: 'customer',
    launch: true,
    scheduleFirstPost: true,
    prompt: 'private',
    hue: 28,
    fields: {
      title: 'Biblioteca del Parque Norte',
      description:
        'Una biblioteca de barrio que se abre al parque. El edificio se levanta sobre un zócalo de hormigón y se cubre con una celosía de madera que filtra el sol de poniente. La sala de lectura, a doble altura, mira a los pinos; los talleres infantiles ocupan la planta baja y salen directamente al jardín.',
      keywords: 'biblioteca, equipamiento público, madera, celosía, luz natural, Valencia',
      category: 'cultural',
      location: 'Valencia',
      year: 2023,
      authors: 'Laura Roca Vidal, Marc Pons',
      collaborators: 'Ingeniería Turia (estructura), Clima 3 (instalaciones)',
      promoter: 'Ayuntamiento de Valencia',
      photo_credit: 'Elena Martí',
      photo_credit_link: 'https://example.com/elena-marti',
      weblink: 'example.com/proyectos/biblioteca-parque-norte',
      maps_url: 'https://maps.google.com/?q=39.4929,-0.3774',
      publications: 4,
      required_ai: true,
    },
    images: [
      { kind: 'facade', width: 1600, height: 1200 },
      { kind: 'windows', width: 1200, height: 1500 },
      { kind: 'interior', width: 1600, height: 1000 },
      { kind: 'sky', width: 1600, height: 900, unselected: true },
      { kind: 'plan', width: 1500, height: 1500 },
    ],
  },
  {
    createdBy: 'admin',
    assignToCustomer: true,
    launch: true,
    prompt: 'public',
    hue: 95,
    fields: {
      title: 'Escuela infantil Los Almendros',
      description:
        'Seis aulas en una sola planta, cada una con su patio. Las cubiertas inclinadas recogen el agua de lluvia y dejan entrar la luz del norte por lucernarios; los colores de las puertas ayudan a los más pequeños a encontrar su clase.',
      keywords: 'escuela infantil, educación, patios, color, cubierta inclinada',
      category: 'docente',
      location: 'Alzira',
      year: 2022,
      authors: 'Laura Roca Vidal',
      collaborators: 'Paisaje Huerta (jardines)',
      promoter: 'Conselleria de Educación',
      photo_credit: 'Jordi Climent',
      weblink: 'example.com/proyectos/escuela-los-almendros',
      maps_url: 'https://maps.google.com/?q=39.1519,-0.4350',
      show_map: true,
      publications: 2,
      required_ai: true,
    },
    images: [
      { kind: 'facade', width: 1600, height: 1200 },
      { kind: 'interior', width: 1200, height: 1500 },
      { kind: 'sky', width: 1600, height: 900 },
    ],
  },
  {
    createdBy: 'customer',
    launch: true,
    hue: 210,
    fields: {
      title: 'Oficinas en la calle Colón',
      description:
        'Reforma de una planta de oficinas de 1970 en el centro de Valencia. Retiramos los falsos techos, dejamos vistas las vigas y abrimos la planta a la fachada para que la luz llegue hasta el fondo.',
      keywords: 'oficinas, reforma, espacio de trabajo, luz natural',
      category: 'oficinas',
      location: 'Valencia',
      year: 2024,
      authors: 'Estudio Roca',
      photo_credit: 'Estudio Roca',
      publications: 1,
      required_ai: false,
    },
    images: [
      { kind: 'windows', width: 1600, height: 1200 },
      { kind: 'interior', width: 1600, height: 900 },
    ],
  },
  {
    createdBy: 'admin',
    assignToCustomer: true,
    launch: true,
    hue: 340,
    fields: {
      title: 'Reforma de un ático en Ruzafa',
      description:
        'Un ático de 80 m² que recupera su terraza. Una sola pieza de carpintería ordena la cocina, el almacenaje y la escalera; el suelo de barro cocido sigue hasta el exterior y une la casa con el cielo del barrio.',
      keywords: 'interiorismo, vivienda, ático, terraza, barro cocido',
      category: 'interiorismo',
      location: 'Ruzafa, Valencia',
      year: 2024,
      authors: 'Laura Roca Vidal, Núria Gil',
      collaborators: 'Carpintería Benlloch',
      photo_credit: 'Elena Martí',
      photo_credit_link: 'https://example.com/elena-marti',
      publications: 3,
      required_ai: true,
    },
    images: [
      { kind: 'interior', width: 1600, height: 1200 },
      { kind: 'plan', width: 1200, height: 1500 },
      { kind: 'sky', width: 1600, height: 1000 },
      { kind: 'windows', width: 1500, height: 1500 },
    ],
  },
  {
    createdBy: 'admin',
    assignToCustomer: true,
    launch: false,
    hue: 140,
    fields: {
      title: 'Casa entre pinos en Bétera',
      description:
        'Una vivienda unifamiliar de una planta que se adapta a la pendiente sin talar ningún pino. Tres pabellones de muros de carga de bloque cerámico se unen por un porche continuo orientado al sur.',
      keywords: 'vivienda unifamiliar, pinos, porche, bloque cerámico',
      category: 'residencial',
      location: 'Bétera',
      year: 2025,
      authors: 'Laura Roca Vidal',
      publications: 2,
      required_ai: true,
    },
    images: [
      { kind: 'facade', width: 1600, height: 1200 },
      { kind: 'plan', width: 1600, height: 1200 },
      { kind: 'sky', width: 1600, height: 900 },
    ],
  },
  {
    createdBy: 'publisher',
    launch: false,
    hue: 48,
    fields: {
      title: 'Rehabilitación de la alquería Ferrer',
      description:
        'Una alquería del siglo XIX en la huerta de Alboraya que vuelve a ser casa. Consolidamos los muros de tapia, recuperamos la cubierta de teja árabe y convertimos el antiguo almacén en una sala abierta a los campos.',
      keywords: 'rehabilitación, patrimonio, huerta, tapia, teja árabe',
      category: 'rehabilitacion',
      location: 'Alboraya',
      year: 2025,
      authors: 'Estudio Roca',
      publications: 1,
      required_ai: true,
    },
    images: [
      { kind: 'facade', width: 1600, height: 1000 },
      { kind: 'windows', width: 1200, height: 1500, unselected: true },
    ],
  },
];
