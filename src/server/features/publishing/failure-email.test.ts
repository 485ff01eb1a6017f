import { describe, expect, it } from 'vitest';
import { publishFailureEmail } from './failure-email.ts';

/** The failure e-mail in the owner's language (es, en, cat): the project, the post, each network, the way back. */
describe('publishing: the failure e-mail', () => {
  const input = {
    to: 'jordi@estudi.cat',
    name: 'Jordi',
    project: 'Casa <Roca>',
    sequence: 2,
    day: '2025-06-10',
    postsUrl: 'https://alzado.example/preview-projects',
    outcomes: [
      { network: 'instagram' as const, targetName: 'soler.arquitectos', status: 'failed', error: 'Meta refused the request (code 36003/2207009): bad ratio' },
      { network: 'linkedin' as const, targetName: null, status: 'posted', error: null },
    ],
  };

  it('is written in Catalan for a Catalan owner, naming the failing network only in the subject', () => {
    const mail = publishFailureEmail({ ...input, language: 'cat' });
    expect(mail.subject).toBe("No s'ha pogut publicar «Casa <Roca>» a Instagram");
    expect(mail.text).toContain('Hola Jordi:');
    expect(mail.text).toContain('La publicació 2 del projecte «Casa <Roca>», prevista per al 10-06-2025');
    expect(mail.text).toContain("- Instagram (soler.arquitectos): no s'ha publicat. Motiu: Meta refused the request (code 36003/2207009): bad ratio");
    expect(mail.text).toContain('- LinkedIn: publicada.');
    expect(mail.text).toContain('https://alzado.example/preview-projects');
  });

  it('escapes what it shows in HTML', () => {
    const mail = publishFailureEmail({ ...input, language: 'en' });
    expect(mail.html).toContain('Casa &lt;Roca&gt;');
    expect(mail.html).not.toContain('<Roca>');
    expect(mail.html).toContain('<a href="https://alzado.example/preview-projects">See your posts</a>');
  });
});
