import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Post, PostPage } from '../../src/domain/post.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN, type RunningServer } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { chooseInstagramAccount, connectSandboxNetwork } from './support/social.ts';

/**
 * Issue 24 as a studio lives it, in es, en and cat: a launched project's post has a text for Instagram
 * and a longer one for LinkedIn, and a description for each image; an invented surface added to the
 * LinkedIn text is flagged as it is typed and on the card, publishing asks the yes for it, and the
 * sandbox receives each network's text with the images' descriptions.
 */
const journey = useServerAndBrowser();

const WORDS = {
  es: {
    description:
      'Una casa de piedra seca entre olivos, abierta al valle. El porche mira al sur y da sombra en verano. Las habitaciones se asoman a los bancales. La cubierta recoge el agua de lluvia para el huerto.',
    card: (number: number) => `Publicación ${number}`,
    edit: 'Editar',
    editTitle: 'Editar publicación',
    same: 'Usar el mismo texto para Instagram y LinkedIn',
    instagram: 'Texto para Instagram',
    linkedin: 'Texto para LinkedIn',
    altText: 'Descripción de la imagen 1',
    image: 'imagen 1 de',
    surface: 'Son 240 m² de piedra.',
    flagged: '1 dato que no está en el proyecto',
    save: 'Guardar',
    publish: 'Publicar',
    publishTitle: 'Configurar publicación',
    confirmFacts: 'He comprobado estos datos y quiero publicarlos',
    confirm: 'Confirmar',
  },
  en: {
    description:
      'A dry-stone house among olive trees, open to the valley. The porch faces south and gives shade in summer. The bedrooms look out over the terraces. The roof collects rainwater for the vegetable garden.',
    card: (number: number) => `Post ${number}`,
    edit: 'Edit',
    editTitle: 'Edit post',
    same: 'Use the same text for Instagram and LinkedIn',
    instagram: 'Text for Instagram',
    linkedin: 'Text for LinkedIn',
    altText: 'Description of image 1',
    image: 'image 1 of',
    surface: 'It covers 240 m² of stone.',
    flagged: '1 fact not in the project',
    save: 'Save',
    publish: 'Publish',
    publishTitle: 'Publication settings',
    confirmFacts: 'I checked these facts and want to publish them',
    confirm: 'Confirm',
  },
  cat: {
    description: 'Una casa de pedra seca entre oliveres, oberta a la vall. El porxo mira al sud.',
    card: (number: number) => `Publicació ${number}`,
    edit: 'Edita',
    editTitle: 'Edita la publicació',
    same: 'Fer servir el mateix text per a Instagram i LinkedIn',
    instagram: 'Text per a Instagram',
    linkedin: 'Text per a LinkedIn',
    altText: 'Descripció de la imatge 1',
    image: 'imatge 1 de',
    surface: 'Són 240 m² de pedra.',
    flagged: '1 dada que no és al projecte',
    save: 'Desa',
    publish: 'Publica',
    publishTitle: 'Configura la publicació',
    confirmFacts: 'He comprovat aquestes dades i les vull publicar',
    confirm: 'Confirma',
  },
} as const;

type Language = keyof typeof WORDS;

async function postOf(page: Page, server: RunningServer, projectId: number): Promise<Post> {
  const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
  return listed.items.find((post) => post.project_id === projectId && post.sequence === 1)!;
}

interface Published {
  linkedin: Array<{ commentary: string; altTexts: string[] }>;
  instagram: Array<{ caption: string; altTexts: string[] }>;
}

describe('a text for each network, the images described, and the facts checked', () => {
  test('es, en and cat: read both texts and the descriptions, add an invented surface, see it flagged, confirm, publish, find it all in the sandbox', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);
    await connectSandboxNetwork(page, server.url, 'LinkedIn');
    await connectSandboxNetwork(page, server.url, 'Instagram');
    await chooseInstagramAccount(page, 'soler.arquitectos');

    for (const language of ['es', 'en', 'cat'] as Language[]) {
      const words = WORDS[language];
      // The studio's language is the one its posts are written in, and the one its screens speak.
      expect((await page.request.patch(`${server.url}/api/me`, { data: { language } })).status()).toBe(200);
      const title = `Casa entre bancales ${language.toUpperCase()}`;
      const projectId = await createProject(page, server, {
        title,
        description: words.description,
        keywords: 'piedra,olivos,valle,bancales',
        category: 'residencial',
        location: 'Bunyola',
        year: 2024,
        publications: 1,
        required_ai: true,
        colours: ['#8a6f4d', '#4d6f8a'],
      });
      await launchProject(page, server, projectId);
      const generated = await postOf(page, server, projectId);
      expect(generated.linkedin_text, JSON.stringify(generated)).not.toBeNull();

      await page.goto(`${server.url}/preview-projects`);
      const card = page
        .getByRole('article')
        .filter({ hasText: title })
        .filter({ hasText: words.card(1) });
      await card.getByRole('button', { name: words.edit }).click();
      const editor = page.getByRole('dialog', { name: words.editTitle });
      // Two texts, each beside its preview; the LinkedIn one longer; every image described.
      expect(await editor.getByRole('checkbox', { name: words.same }).isChecked()).toBe(false);
      const instagramText = await editor.getByRole('textbox', { name: words.instagram }).inputValue();
      const linkedinBox = editor.getByRole('textbox', { name: words.linkedin });
      const linkedinText = await linkedinBox.inputValue();
      expect(instagramText).toBe(generated.text);
      expect(linkedinText).toBe(generated.linkedin_text);
      expect(linkedinText).not.toBe(instagramText);
      const altText = await editor.getByRole('textbox', { name: words.altText }).inputValue();
      expect(altText).toContain(title);
      expect(altText).toContain(words.image);
      await editor.getByRole('article', { name: /Instagram/ }).waitFor();
      await editor.getByRole('article', { name: /LinkedIn/ }).waitFor();

      // An invented surface in LinkedIn's text: flagged as it is written.
      const edited = `${linkedinText.split('\n')[0]} ${words.surface}\n\n${linkedinText.split('\n').slice(1).join('\n').trim()}`;
      await linkedinBox.fill(edited);
      const notice = editor.getByTestId('facts-notice');
      await notice.getByText(words.flagged).waitFor();
      expect(await notice.locator('mark').allTextContents()).toEqual(['240 m²']);
      await saveScreenshot(page, `texts-per-network-editor-${language}`);
      await editor.getByRole('button', { name: words.save }).click();
      await editor.waitFor({ state: 'detached' });
      await card.locator('[data-notice="facts"] mark').getByText('240 m²').waitFor();

      // Publishing asks the yes for it, then goes out at once (today).
      await card.getByRole('button', { name: words.publish }).click();
      const dialog = page.getByRole('dialog', { name: words.publishTitle });
      for (const network of ['LinkedIn', 'Instagram']) {
        const box = dialog.getByRole('checkbox', { name: network });
        await expect.poll(() => box.isDisabled()).toBe(false);
        await box.check();
      }
      const confirm = dialog.getByRole('button', { name: words.confirm, exact: true });
      await dialog.getByTestId('facts-notice').waitFor();
      expect(await confirm.isDisabled()).toBe(true);
      await saveScreenshot(page, `texts-per-network-publish-${language}`);
      await dialog.getByRole('checkbox', { name: words.confirmFacts }).check();
      await confirm.click();
      await expect.poll(async () => (await postOf(page, server, projectId)).state, { timeout: 20_000, interval: 250 }).toBe('published');

      const published = (await (await fetch(`${server.url}/sandbox/published.json`)).json()) as Published;
      const post = await postOf(page, server, projectId);
      const onLinkedin = published.linkedin.find((entry) => entry.commentary.replace(/\\(.)/g, '$1') === edited);
      expect(onLinkedin, 'LinkedIn got its own text').toBeDefined();
      expect(onLinkedin!.altTexts).toEqual(post.images.filter((image) => image.status === 'pending').map((image) => image.alt_text));
      const onInstagram = published.instagram.find((entry) => entry.caption === instagramText);
      expect(onInstagram, 'Instagram got its own text').toBeDefined();
      expect(onInstagram!.altTexts).toEqual(onLinkedin!.altTexts);
      expect(onInstagram!.altTexts.every((text) => text.includes(title))).toBe(true);
    }
    expect((await page.request.patch(`${server.url}/api/me`, { data: { language: 'es' } })).status()).toBe(200);
    expectNoUnexpectedConsoleErrors(page);
  });
});
