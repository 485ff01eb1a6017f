import { EMAIL_MAX_LENGTH, isEmailAddress } from './email.ts';

/**
 * The contact form's rules (SPEC §3, §5) as plain functions with no library, so that the landing page
 * can check the form in the browser for a few hundred bytes. The server's schema (contact-form.ts) is
 * built from the same limits and messages, and a test checks that both agree.
 */

export const CONTACT_FORM_FIELDS = ['nombre', 'empresa', 'telefono', 'email', 'mensaje', 'politicaPrivacidad'] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

/** Longest accepted value of each text field, in characters. */
export const CONTACT_FIELD_MAX_LENGTH = { nombre: 120, empresa: 160, telefono: 40, email: EMAIL_MAX_LENGTH, mensaje: 5000 } as const;

// Digits with the usual separators and an optional leading +: "+34 600 00 00 00", "(93) 123-45-67".
export const PHONE_SHAPE = /^\+?[\d\s().-]{6,}$/;

/** Message keys of the `validation` namespace. */
export const CONTACT_MESSAGES = {
  nameRequired: 'nameRequired',
  emailRequired: 'emailRequired',
  emailInvalid: 'emailInvalid',
  phoneInvalid: 'phoneInvalid',
  messageRequired: 'messageRequired',
  privacyPolicyRequired: 'privacyPolicyRequired',
  tooLong: 'tooLong',
} as const;

export interface ContactFormInput {
  nombre: string;
  empresa: string;
  telefono: string;
  email: string;
  mensaje: string;
  politicaPrivacidad: boolean;
}

/** Each field's problem as a message key; an empty object when the form can be sent. */
export function findContactFormProblems(input: ContactFormInput): Partial<Record<ContactFormField, string>> {
  const problems: Partial<Record<ContactFormField, string>> = {};
  const nombre = input.nombre.trim();
  const empresa = input.empresa.trim();
  const telefono = input.telefono.trim();
  const email = input.email.trim();
  const mensaje = input.mensaje.trim();

  if (nombre === '') problems.nombre = CONTACT_MESSAGES.nameRequired;
  else if (nombre.length > CONTACT_FIELD_MAX_LENGTH.nombre) problems.nombre = CONTACT_MESSAGES.tooLong;

  if (empresa.length > CONTACT_FIELD_MAX_LENGTH.empresa) problems.empresa = CONTACT_MESSAGES.tooLong;

  if (telefono.length > CONTACT_FIELD_MAX_LENGTH.telefono) problems.telefono = CONTACT_MESSAGES.tooLong;
  else if (telefono !== '' && !PHONE_SHAPE.test(telefono)) problems.telefono = CONTACT_MESSAGES.phoneInvalid;

  if (email === '') problems.email = CONTACT_MESSAGES.emailRequired;
  else if (!isEmailAddress(email)) problems.email = CONTACT_MESSAGES.emailInvalid;

  if (mensaje === '') problems.mensaje = CONTACT_MESSAGES.messageRequired;
  else if (mensaje.length > CONTACT_FIELD_MAX_LENGTH.mensaje) problems.mensaje = CONTACT_MESSAGES.tooLong;

  if (input.politicaPrivacidad !== true) problems.politicaPrivacidad = CONTACT_MESSAGES.privacyPolicyRequired;
  return problems;
}
