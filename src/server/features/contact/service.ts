import type { Kysely } from 'kysely';
import type { ContactForm } from '../../../domain/contact-form.ts';
import { DEFAULT_LANGUAGE } from '../../../domain/languages.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Database } from '../../db/schema.ts';
import { contactMessageEmail } from './contact-message-email.ts';
import { insertContactMessage, markContactMessageMailFailed, markContactMessageMailed } from './repo.ts';

export interface ReceiveContactMessageInput {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Where messages go: CONTACT_EMAIL. */
  studioAddress: string;
  form: ContactForm;
  /** Told when the e-mail fails; the message itself is already safe in the database. */
  onMailFailure: (failure: { messageId: number; error: unknown }) => void;
  now?: () => Date;
}

/**
 * A message from the landing's contact form: stored first, then e-mailed to the studio. A failed
 * e-mail does not fail the visitor's request: the message is kept with mail_status "failed" and its
 * reason, and the failure is logged for the operator (docs/decisions/004-contact-form-stored-first.md).
 */
export async function receiveContactMessage(input: ReceiveContactMessageInput): Promise<{ id: number; mailed: boolean }> {
  const { db, form } = input;
  const receivedAt = (input.now ?? (() => new Date()))();
  const language = form.idioma ?? DEFAULT_LANGUAGE;
  const message = { name: form.nombre, company: form.empresa, phone: form.telefono, email: form.email, message: form.mensaje, language, receivedAt };
  const id = await insertContactMessage(db, message);
  try {
    await input.mailer.send(contactMessageEmail({ ...message, to: input.studioAddress }));
  } catch (error) {
    await markContactMessageMailFailed(db, id, error instanceof Error ? error.message : String(error));
    input.onMailFailure({ messageId: id, error });
    return { id, mailed: false };
  }
  await markContactMessageMailed(db, id, new Date());
  return { id, mailed: true };
}
