import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/index.ts';
import { resources } from '../../../i18n/resources.ts';
import { deleteProjectMessage } from './delete-message.ts';

/** The project delete confirmation says the posts go too, and that those out on a network stay there (issue 29). */
describe('deleteProjectMessage', () => {
  const i18n = initI18n({ detect: false, resources });
  const say = async (language: 'es' | 'en' | 'cat', total: number, published: number) => {
    await i18n.changeLanguage(language);
    return deleteProjectMessage(i18n.getFixedT(language, 'projects'), { title: 'Casa Montseny', posts: { total, published } });
  };

  it('says nothing of posts when the project has none', async () => {
    expect(await say('es', 0, 0)).toBe('¿Eliminar «Casa Montseny» y todas sus imágenes? No se puede deshacer.');
  });

  it('counts the posts it deletes and says the published ones stay on the networks, in Spanish', async () => {
    expect(await say('es', 4, 2)).toBe(
      '¿Eliminar «Casa Montseny» y todas sus imágenes? No se puede deshacer. Se eliminan también sus 4 publicaciones. 2 ya están publicadas en Instagram o LinkedIn y seguirán allí: Alzado solo las olvida.',
    );
    expect(await say('es', 1, 0)).toBe('¿Eliminar «Casa Montseny» y todas sus imágenes? No se puede deshacer. Se elimina también su publicación.');
  });

  it('in English and Catalan', async () => {
    expect(await say('en', 3, 1)).toBe(
      'Delete "Casa Montseny" and all its images? This cannot be undone. Its 3 posts are deleted too. 1 is already published on Instagram or LinkedIn and stays there: Alzado only forgets it.',
    );
    expect(await say('cat', 2, 2)).toBe(
      "Vols eliminar «Casa Montseny» i totes les seves imatges? No es pot desfer. També s'eliminen les seves 2 publicacions. 2 ja estan publicades a Instagram o LinkedIn i s'hi quedaran: Alzado només les oblida.",
    );
  });
});
