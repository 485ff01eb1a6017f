import { z } from 'zod';
import { CONTACT_FIELD_MAX_LENGTH as MAX, CONTACT_MESSAGES as MESSAGE, PHONE_SHAPE } from './contact-form-rules.ts';
import { EMAIL_SHAPE } from './email.ts';
import { LANGUAGES } from './languages.ts';

/**
 * POST /api/contact-form (SPEC §3, §5, §7): nombre, email and mensaje required, the privacy policy
 * accepted. Messages are keys of the `validation` namespace. The landing checks the same rules with
 * `findContactFormProblems` (no zod in its few kilobytes of script); a test keeps the two in step.
 */
const requiredText = (requiredKey: string, max: number) => z.string({ error: requiredKey }).trim().min(1, requiredKey).max(max, MESSAGE.tooLong);

const optionalText = (max: number) => z.string({ error: 'invalid' }).trim().max(max, MESSAGE.tooLong).default('');

export const contactFormSchema = z.object({
  nombre: requiredText(MESSAGE.nameRequired, MAX.nombre),
  empresa: optionalText(MAX.empresa),
  telefono: optionalText(MAX.telefono).refine((value) => value === '' || PHONE_SHAPE.test(value), MESSAGE.phoneInvalid),
  email: z
    .string({ error: MESSAGE.emailRequired })
    .trim()
    .min(1, MESSAGE.emailRequired)
    .max(MAX.email, MESSAGE.emailInvalid)
    .regex(EMAIL_SHAPE, MESSAGE.emailInvalid),
  mensaje: requiredText(MESSAGE.messageRequired, MAX.mensaje),
  politicaPrivacidad: z.literal(true, { error: MESSAGE.privacyPolicyRequired }),
  /** The language the form was shown in; the e-mail to the studio is written in it. */
  idioma: z.enum(LANGUAGES, { error: 'languageInvalid' }).optional(),
});
export type ContactForm = z.output<typeof contactFormSchema>;

export const contactFormReceivedSchema = z.object({ status: z.literal('received') });
