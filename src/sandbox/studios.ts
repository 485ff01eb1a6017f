import type { FastifyRequest } from 'fastify';
import { LINKEDIN_MEMBER, META_USER, type SandboxMetaPage, type SandboxStudio } from './personas.ts';
import type { SandboxStore } from './store.ts';

/**
 * The studios that live in the sandbox beside Marta, each with accounts of its own (control.addStudios),
 * so that many customers can connect and publish without sharing one account's limits: a LinkedIn member
 * who posts as herself, and a Facebook user with one page of her own linked to an Instagram business
 * account. A browser is signed in to the sandbox's networks as the studio its `sandbox_studio` cookie
 * names (as linkedin.com and facebook.com know who is signed in from their cookies); without it, as Marta.
 */

export const SIGNED_IN_COOKIE = 'sandbox_studio';

/** Studio `number`'s accounts, the same in every sandbox; its page is listed in the Meta pages. */
export function studioAccounts(number: number): { studio: SandboxStudio; page: SandboxMetaPage } {
  const digits = String(number).padStart(6, '0');
  const name = `Estudio ${number}`;
  const studio: SandboxStudio = {
    id: `studio-${number}`,
    name,
    linkedin: { sub: `sbxStudio${digits}`, givenName: 'Estudio', familyName: String(number), email: `estudio-${number}@sandbox.alzado.test` },
    meta: { userId: `10158000${digits}0`, name },
  };
  const page: SandboxMetaPage = {
    id: `10400${digits}0000`,
    name,
    category: 'Architectural Designer',
    owner: studio.meta.userId,
    instagram: { id: `1784140${digits}00`, username: `estudio.${number}`, name, followers: 100 + number, media: 0, color: '#3d6b8a' },
  };
  return { studio, page };
}

/** The studio a request's browser is signed in as, or undefined for Marta. */
export function signedInStudio(request: FastifyRequest, store: SandboxStore): SandboxStudio | undefined {
  const header = request.headers.cookie ?? '';
  const value = header
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === SIGNED_IN_COOKIE)?.[1];
  return value ? store.state.studios.find((studio) => studio.id === decodeURIComponent(value)) : undefined;
}

export interface LinkedInPerson {
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
  locale: string;
  headline: string;
}

/** The LinkedIn member behind `sub` (Marta when unset or unknown). */
export function linkedinPerson(store: SandboxStore, sub: string | undefined): LinkedInPerson {
  const studio = sub === undefined ? undefined : store.state.studios.find((candidate) => candidate.linkedin.sub === sub);
  if (!studio) return LINKEDIN_MEMBER;
  return { ...studio.linkedin, locale: 'es-ES', headline: `Arquitectura · ${studio.name}` };
}

/** The member a post's author URN names (Marta or a studio's), or undefined for a company page. */
export function authorPerson(store: SandboxStore, author: string): LinkedInPerson | undefined {
  const sub = /^urn:li:person:(.+)$/.exec(author)?.[1];
  if (sub === undefined) return undefined;
  return sub === LINKEDIN_MEMBER.sub || store.state.studios.some((studio) => studio.linkedin.sub === sub) ? linkedinPerson(store, sub) : undefined;
}

/** The Facebook user behind `userId` (Marta when unset or unknown). */
export function metaPerson(store: SandboxStore, userId: string | undefined): { id: string; name: string } {
  const studio = userId === undefined ? undefined : store.state.studios.find((candidate) => candidate.meta.userId === userId);
  return studio ? { id: studio.meta.userId, name: studio.meta.name } : META_USER;
}

/** Whose page it is: its owner, or Marta's when it names none. */
export const pageOwner = (entry: SandboxMetaPage) => entry.owner ?? META_USER.id;

/** Adds `count` studios after those already here; answers them. */
export function addStudios(store: SandboxStore, count: number): SandboxStudio[] {
  const added: SandboxStudio[] = [];
  for (let index = 0; index < count; index += 1) {
    const { studio, page } = studioAccounts(store.state.studios.length + 1);
    store.state.studios.push(studio);
    store.state.meta.pages.push(page);
    added.push(studio);
  }
  store.save();
  return added;
}
