import { describe, expect, it } from 'vitest';
import { publishFailureEmail } from './failure-email.ts';

/** The failure e-mail in the owner's language (es, en, cat): the project, the post, each network and why, the way back. */
describe('publishing: the failure e-mail', () => {
  const metaSaid = 'Meta refused the request (code 36003/2207009): bad ratio';
  const input = {
    to: 'jordi@estudi.cat',
    name: 'Jordi',
    project: 'Casa <Roca>',
    sequence: 2,
    day: '2025-06-10',
    time: '18:30',
    postsUrl: 'https://alzado.example/preview-projects',
    outcomes: [
      { network: 'instagram' as const, targetName: 'soler.arquitectos', status: 'failed', error: metaSaid, errorCode: 'rejectedByNetwork', attempts: 1 },
      { network: 'linkedin' as const, targetName: null, status: 'posted', error: null, errorCode: null, attempts: 1 },
    ],
  };

  it("is written in Catalan for a Catalan owner, naming the failing network only in the subject, with the reason in Catalan and Meta's own words", () => {
    const mail = publishFailureEmail({ ...input, language: 'cat' });
    expect(mail.subject).toBe("No s'ha pogut publicar «Casa <Roca>» a Instagram");
    expect(mail.text).toContain('Hola Jordi:');
    expect(mail.text).toContain('La publicació 2 del projecte «Casa <Roca>», prevista per al 10-06-2025 a les 18:30');
    expect(mail.text).toContain(
      "- Instagram (soler.arquitectos): no s'ha publicat. Motiu: Instagram ha rebutjat la publicació: revisa'n el text i les imatges segons la resposta de la xarxa; per canviar-los, fes servir «Torna a publicar» i tria només Instagram. " +
        `Resposta de Instagram: ${metaSaid}`,
    );
    expect(mail.text).toContain('- LinkedIn: publicada.');
    expect(mail.text).toContain('https://alzado.example/preview-projects');
  });

  it('says a retry given up with its attempts, and an unknown outcome as "needs review", in the owner\'s language, without the English detail', () => {
    const mail = publishFailureEmail({
      ...input,
      language: 'en',
      outcomes: [
        {
          network: 'instagram',
          targetName: null,
          status: 'unknown',
          error: 'The outcome of the call is unknown (TIMEOUT)',
          errorCode: 'outcomeUnknown',
          attempts: 1,
        },
        {
          network: 'linkedin',
          targetName: null,
          status: 'failed',
          error: 'LinkedIn failed (HTTP 500) (gave up after 5 attempts)',
          errorCode: 'gaveUp',
          attempts: 5,
        },
      ],
    });
    expect(mail.text).toContain(
      '- Instagram: needs review. Instagram did not confirm the post, so we do not know whether it went out: check the account and mark it published or not published',
    );
    expect(mail.text).toContain('- LinkedIn: not published. Reason: The post could not go out on LinkedIn after 5 attempts: use “Retry” later.');
    // A failure is retried, an unknown outcome checked and marked: the e-mail says both.
    expect(mail.text).toContain('use “Retry” on the post: only the networks that failed are tried again.');
    expect(mail.text).toContain('Do not publish it again without checking: it could go out twice.');
    expect(mail.text).not.toContain('HTTP 500');
    expect(publishFailureEmail({ ...input, language: 'es', outcomes: [{ ...input.outcomes[0]!, errorCode: 'gaveUp', attempts: 1 }] }).text).toContain(
      'Motivo: La publicación no ha podido salir en Instagram tras 1 intento',
    );
  });

  it('asks to check and mark a post whose only trouble is an unknown outcome, never to publish it again', () => {
    const unknownOnly = [
      { network: 'instagram' as const, targetName: null, status: 'posted', error: null, errorCode: null, attempts: 1 },
      {
        network: 'linkedin' as const,
        targetName: null,
        status: 'unknown',
        error: 'The outcome of the call is unknown (TIMEOUT)',
        errorCode: 'outcomeUnknown',
        attempts: 1,
      },
    ];
    const mail = publishFailureEmail({ ...input, language: 'es', outcomes: unknownOnly });
    expect(mail.subject).toBe('Comprueba si «Casa <Roca>» se ha publicado en LinkedIn');
    expect(mail.text).toContain('No sabemos si la publicación 2 del proyecto «Casa <Roca>», prevista para el 10-06-2025 a las 18:30, ha salido:');
    expect(mail.text).toContain('márcala como publicada o no publicada en su tarjeta');
    expect(mail.text).not.toContain('Publicar de nuevo');
    expect(mail.text).not.toContain('Reintentar');
    expect(mail.html).toContain('No la publiques de nuevo sin comprobarlo');
    expect(publishFailureEmail({ ...input, language: 'cat', outcomes: unknownOnly }).subject).toBe("Comprova si «Casa <Roca>» s'ha publicat a LinkedIn");
  });

  it("says the post's time as the owner's language writes it, with \"a la\" for one o'clock in Spanish and Catalan", () => {
    expect(publishFailureEmail({ ...input, language: 'en' }).text).toContain(
      'Post 2 of the project “Casa <Roca>”, planned for 10-06-2025 at 6:30 PM, did not go out',
    );
    expect(publishFailureEmail({ ...input, language: 'es' }).text).toContain('prevista para el 10-06-2025 a las 18:30, no ha salido');
    expect(publishFailureEmail({ ...input, language: 'es', time: '01:15' }).text).toContain('prevista para el 10-06-2025 a la 01:15, no ha salido');
    expect(publishFailureEmail({ ...input, language: 'cat', time: '01:45' }).text).toContain('prevista per al 10-06-2025 a la 01:45, no ha sortit');
  });

  it('shows the English text of a result recorded before the reasons had codes', () => {
    const mail = publishFailureEmail({ ...input, language: 'es', outcomes: [{ ...input.outcomes[0]!, errorCode: null }] });
    expect(mail.text).toContain(`- Instagram (soler.arquitectos): no se ha publicado. Motivo: ${metaSaid}`);
  });

  it('escapes what it shows in HTML', () => {
    const mail = publishFailureEmail({ ...input, language: 'en' });
    expect(mail.html).toContain('Casa &lt;Roca&gt;');
    expect(mail.html).not.toContain('<Roca>');
    expect(mail.html).toContain('<a href="https://alzado.example/preview-projects">See your posts</a>');
  });
});
