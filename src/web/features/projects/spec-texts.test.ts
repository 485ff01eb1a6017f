import { describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources.ts';

/** SPEC §8 and §5 give these messages in English; they stay exact, and exist in every language. */
describe('the projects screen speaks as SPEC writes', () => {
  it('has the success, error and image messages of SPEC §5 and §8 word for word in English', () => {
    const en = resources.en.projects;
    expect([en.created, en.updated, en.deleted]).toEqual(['Project created successfully', 'Project updated successfully', 'Project deleted successfully']);
    expect(en.errors).toMatchObject({
      create: 'Error while creating project: {{message}}',
      update: 'Error while updating project: {{message}}',
      assign: 'Error assigning project: {{message}}',
      delete: 'Error deleting project: {{message}}',
      notFound: 'Project with id {{id}} not found',
    });
    expect(en.images.alerts.tooLarge).toBe('max size allowed 5MB');
    expect(en.states).toEqual({ draft: 'Draft', preview: 'Preview', inProgress: 'In progress', launched: 'Launched' });
    // SPEC §2's "published" and "pending" badge, said of the map so as not to read as the project's state (issue 29).
    expect([en.maps.published, en.maps.pending]).toEqual(['Map: published', 'Map: pending']);
  });

  it('names the nine categories and the four states in Spanish and Catalan too', () => {
    for (const language of ['es', 'cat'] as const) {
      expect(Object.keys(resources[language].projects.categories)).toHaveLength(9);
      expect(Object.keys(resources[language].projects.states)).toEqual(['draft', 'preview', 'inProgress', 'launched']);
    }
    expect(resources.es.projects.images.alerts.failed).toBe('Error en la validación de las imágenes. Inténtalo de nuevo.');
  });
});
