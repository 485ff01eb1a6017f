import { escapeHtml } from '../domain/html.ts';

/**
 * The people and pages that live in the sandbox: one LinkedIn member who may post as two company pages
 * (an administrator and a content administrator) and holds three roles that do not let them post organic
 * updates (an analyst seat, a sponsored content poster's, a pending request), and one Facebook user
 * with three pages of her own (two linked to an Instagram business account) and two more she reaches
 * through her studio's Business Manager business: one it owns, one it manages for a client. Tests may
 * replace the pages.
 */
export const LINKEDIN_MEMBER = {
  sub: 'sbx4Qm7TzL',
  givenName: 'Marta',
  familyName: 'Soler Ibáñez',
  email: 'marta.soler@sandbox.alzado.test',
  locale: 'es-ES',
  vanityName: 'marta-soler-ibanez',
  headline: 'Arquitecta · Soler Ibáñez Arquitectos',
} as const;

export interface SandboxOrganization {
  id: number;
  name: string;
  vanityName: string;
  role: string;
  state: string;
  /** Initials and colour of the generated logo; null for a page without a logo. */
  logo: { initials: string; color: string } | null;
}

export function defaultOrganizations(): SandboxOrganization[] {
  return [
    {
      id: 90210001,
      name: 'Soler Ibáñez Arquitectos',
      vanityName: 'soler-ibanez-arquitectos',
      role: 'ADMINISTRATOR',
      state: 'APPROVED',
      logo: { initials: 'SI', color: '#1f6f5c' },
    },
    { id: 90210002, name: 'Taller Norte', vanityName: 'taller-norte', role: 'CONTENT_ADMINISTRATOR', state: 'APPROVED', logo: null },
    {
      id: 90210003,
      name: 'Colegio de Arquitectos de Levante',
      vanityName: 'coal',
      role: 'ANALYST',
      state: 'APPROVED',
      logo: { initials: 'CA', color: '#7a4b9a' },
    },
    {
      id: 90210005,
      name: 'Feria del Hábitat',
      vanityName: 'feria-habitat',
      role: 'DIRECT_SPONSORED_CONTENT_POSTER',
      state: 'APPROVED',
      logo: { initials: 'FH', color: '#b0603a' },
    },
    { id: 90210004, name: 'Bienal de Arquitectura', vanityName: 'bienal-arquitectura', role: 'ADMINISTRATOR', state: 'REQUESTED', logo: null },
  ];
}

export const META_USER = { id: '10158000000000001', name: 'Marta Soler Ibáñez' } as const;

export interface SandboxMetaPage {
  id: string;
  name: string;
  category: string;
  instagram: { id: string; username: string; name: string; followers: number; media: number; color: string } | null;
  /**
   * Set when the user's role on the page comes through a Business Manager business (the page is one it
   * owns, or one it has access to as an agency: owned_pages, client_pages) rather than her own page role.
   * Publishing to such a page also needs ads_management or ads_read.
   */
  business?: { id: string; name: string; edge: 'owned_pages' | 'client_pages' };
  /** The Facebook user whose page it is, for a studio's (studios.ts); Marta's when unset. */
  owner?: string;
  /**
   * The tasks the user may perform on the page (/me/accounts `tasks`); all of them when unset. Posting
   * needs CREATE_CONTENT (the Pages API's Getting Started and Posts guide).
   */
  tasks?: string[];
}

/** A page's tasks when its entry names none: every task, as a page's admin has. */
export const ALL_PAGE_TASKS = ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'] as const;

const STUDIO_BUSINESS = { id: '2160000000000001', name: 'Soler Ibáñez Arquitectos SL' } as const;

export function defaultMetaPages(): SandboxMetaPage[] {
  return [
    {
      id: '104000000000001',
      name: 'Soler Ibáñez Arquitectos',
      category: 'Architectural Designer',
      instagram: { id: '17841400000000001', username: 'soler.arquitectos', name: 'Soler Ibáñez Arquitectos', followers: 1204, media: 87, color: '#1f6f5c' },
    },
    {
      id: '104000000000002',
      name: 'Taller Norte',
      category: 'Interior Design Studio',
      instagram: { id: '17841400000000002', username: 'tallernorte.estudio', name: 'Taller Norte', followers: 356, media: 41, color: '#b0603a' },
    },
    { id: '104000000000003', name: 'Marta Soler · Cuaderno', category: 'Blogger', instagram: null },
    {
      id: '104000000000004',
      name: 'Soler Ibáñez Interiorismo',
      category: 'Interior Design Studio',
      instagram: { id: '17841400000000004', username: 'soler.interiorismo', name: 'Soler Ibáñez Interiorismo', followers: 512, media: 23, color: '#5c4b8a' },
      business: { ...STUDIO_BUSINESS, edge: 'owned_pages' },
    },
    {
      id: '104000000000005',
      name: 'Fundació Mirador',
      category: 'Nonprofit Organization',
      instagram: { id: '17841400000000005', username: 'fundaciomirador', name: 'Fundació Mirador', followers: 2870, media: 164, color: '#8a6d1f' },
      business: { ...STUDIO_BUSINESS, edge: 'client_pages' },
    },
  ];
}

/**
 * An Instagram professional account as Instagram Login sees it (instagram-login.ts): a Business or a
 * Creator account (`account_type` BUSINESS or MEDIA_CREATOR). The accounts linked to Marta's pages are
 * reachable this way too, as Business accounts; these have no Facebook Page at all.
 */
export interface SandboxInstagramAccount {
  id: string;
  username: string;
  name: string;
  followers: number;
  media: number;
  color: string;
  accountType: 'BUSINESS' | 'MEDIA_CREATOR';
  /** The Facebook user whose account it is, for a studio's; Marta's when unset. */
  owner?: string;
}

/** One Creator account of Marta's with no Facebook Page: the one only Instagram Login can connect. */
export function defaultInstagramAccounts(): SandboxInstagramAccount[] {
  return [
    {
      id: '17841400000000009',
      username: 'marta.soler.cuaderno',
      name: 'Marta Soler · Cuaderno',
      followers: 842,
      media: 130,
      color: '#9a3b5c',
      accountType: 'MEDIA_CREATOR',
    },
  ];
}

/** A studio added beside Marta (studios.ts), with accounts of its own; here so the store holds studios without importing studios.ts. */
export interface SandboxStudio {
  /** `studio-7`: the cookie's value. */
  id: string;
  name: string;
  linkedin: { sub: string; givenName: string; familyName: string; email: string };
  meta: { userId: string; name: string };
}

/** A square picture with initials, as a logo or profile picture would be. */
export function initialsSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" rx="24" fill="${escapeHtml(color)}"/><text x="100" y="100" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="80" font-weight="600" fill="#ffffff">${escapeHtml(initials)}</text></svg>`;
}
