import { describe, expect, it } from 'vitest';
import { DISPLAYED_STATES } from '../../../domain/post.ts';
import { resources } from '../../i18n/resources.ts';

/** The labels and messages SPEC gives for the posts screen stay word for word, in every language. */
describe('the posts screen speaks as SPEC writes', () => {
  it('labels the seven displayed states in Spanish as SPEC §4 names them, and awaiting approval (issue 25)', () => {
    expect(resources.es.posts.states).toEqual({
      preview: 'Vista previa',
      awaitingApproval: 'Pendiente de aprobación',
      scheduled: 'Programada',
      // SPEC gives no Spanish word for published: a publicación is feminine, as "Programada" (issue 29).
      published: 'Publicada',
      publicationError: 'error en publicación',
      publishedWithErrors: 'publicado con errores',
      partiallyPublished: 'publicado parcialmente',
      partialError: 'error parcial',
    });
    for (const language of ['en', 'cat'] as const) expect(Object.keys(resources[language].posts.states).sort()).toEqual([...DISPLAYED_STATES].sort());
  });

  it('has the empty text, the publish dialog and the reset failure of SPEC §2, §5 and §8', () => {
    expect(resources.es.posts.empty).toBe('No hay publicaciones');
    expect(resources.en.validation.publishDateInPast).toBe('The publication date cannot be earlier than today');
    expect(resources.en.validation.publishDateRequired).toBe('Select a publication date');
    expect(resources.es.posts.publish.noInstagramConnection).toBe('Instagram no está conectado');
    expect(resources.es.posts.publish.noLinkedInConnection).toBe('LinkedIn no está conectado');
    expect(resources.en.posts.errors.reset).toBe('Error resetting project to preview: {{message}}');
    expect(Object.keys(resources.en.posts.results)).toEqual(['label', 'posted', 'failed', 'notSelected', 'needsReview']);
  });
});
