import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { contactFormReceivedSchema, contactFormSchema } from '../../../domain/contact-form.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { AttemptLimiter } from '../../auth/attempt-limiter.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { receiveContactMessage } from './service.ts';
import type { Clock } from '../../lib/clock.ts';

export interface ContactRouteOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Counts messages per client address, in windows of `limits.windowSeconds`. */
  limiter: AttemptLimiter;
  limits: { maxPerAddress: number; windowSeconds: number };
  studioAddress: string;
  /** A failed e-mail is sent again by a `send-email` job (job-handlers.ts). */
  wakeJobs: () => void;
  now: Clock;
}

/** The landing's contact form (SPEC §7: POST /api/contact-form). Public; limited per client address. */
export async function contactRoutes(app: FastifyInstance, options: ContactRouteOptions): Promise<void> {
  const { db, mailer, limiter, limits, studioAddress } = options;

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact-form',
    {
      schema: {
        tags: ['contact'],
        summary: 'Sends a message to the studio from the landing page; stored first, then e-mailed',
        description:
          'nombre, email and mensaje are required and politicaPrivacidad must be true; a 400 names each field with a message key of the ' +
          '`validation` namespace. The message is stored before it is e-mailed, so a failing mail server loses nothing: the answer is ' +
          `still 201, and the e-mail is sent again later. At most ${limits.maxPerAddress} messages per client address every ${limits.windowSeconds} seconds (then 429).`,
        body: contactFormSchema,
        response: { 201: contactFormReceivedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const key = `contact-form:address:${request.ip}`;
      // Counted as it is checked, in one statement: messages sent at once cannot all pass.
      if (!(await limiter.take([{ key, limit: limits.maxPerAddress }]))) {
        throw new AppError('TOO_MANY_ATTEMPTS', 'Too many messages from this address. Try again later.', undefined, {
          retryAfterSeconds: limits.windowSeconds,
        });
      }
      await receiveContactMessage({
        db,
        mailer,
        studioAddress,
        form: request.body,
        onMailFailure: ({ messageId, error }) =>
          request.log.error({ err: error, contactMessageId: messageId }, 'Contact message stored, but its e-mail to the studio failed; it will be sent again'),
        wakeJobs: options.wakeJobs,
        now: options.now,
      });
      return reply.status(201).send({ status: 'received' as const });
    },
  );
}
