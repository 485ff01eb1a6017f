import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { PostPage } from '../../src/domain/post.ts';
import { expectNoUnexpectedConsoleErrors, newPage, saveScreenshot } from './support/browser.ts';
import { runSql } from './support/database.ts';
import { useServerAndBrowser } from './support/journey.ts';
import { createProject, launchProject } from './support/projects.ts';
import { ADMIN } from './support/server.ts';
import { signIn } from './support/sign-in.ts';
import { connectSandboxNetwork, networkTile } from './support/social.ts';

/**
 * Issue 12 as a studio whose LinkedIn app has only the self-serve products lives it: the server runs with
 * LINKEDIN_ORGANIZATION_PAGES=false, and its sandbox plays an app without the Community Management API
 * (asking it for an organization scope would fail the whole consent). The studio connects its member, is
 * offered no company page and told why, and publishes a post with pictures to its own profile.
 */
const journey = useServerAndBrowser({ LINKEDIN_ORGANIZATION_PAGES: 'false' });

const NOT_OFFERED =
  'No se ofrecen páginas de empresa: la aplicación de LinkedIn de este servidor no tiene la Community Management API de LinkedIn, así que solo publicas con tu perfil. Un administrador puede activarla (docs/networks.md).';

const cardOf = (page: Page, number: number) => page.getByRole('article').filter({ hasText: `Publicación ${number}` });

describe('LinkedIn with an app that has no organization product', () => {
  test('connect the member only (no company page, the reason said), then publish to the profile and see it published', async () => {
    const { server, browser } = journey;
    const page = await newPage(browser);
    await signIn(page, server.url, ADMIN);
    await page.waitForURL(`${server.url}/home`);

    // The consent page asks only for what the member grants: no organization scope.
    await page.goto(`${server.url}/settings`);
    const tile = networkTile(page, 'LinkedIn');
    await tile.getByRole('button', { name: 'Conectar' }).click();
    await page.waitForURL((url) => url.pathname === '/sandbox/linkedin/oauth/v2/authorization');
    const scopes = await page.locator('ul.scopes code').allTextContents();
    expect(scopes.sort()).toEqual(['email', 'profile', 'w_member_social']);
    await connectSandboxNetwork(page, server.url, 'LinkedIn');

    await tile.getByRole('button', { name: 'Páginas en las que puedes publicar' }).click();
    const member = tile.getByRole('radio', { name: 'Marta Soler Ibáñez' });
    await member.waitFor();
    expect(await member.isChecked()).toBe(true);
    expect(await tile.getByRole('radio').count()).toBe(1);
    await tile.getByText(NOT_OFFERED).waitFor();
    await saveScreenshot(page, 'settings-linkedin-member-only');

    const [connection] = await runSql<{ scopes: string }>(
      server,
      "select c.scopes from social_connections c join users u on u.id = c.user_id where u.email = $1 and c.network = 'linkedin'",
      [ADMIN.email],
    );
    expect(connection!.scopes.split(' ').sort()).toEqual(['email', 'openid', 'profile', 'w_member_social']);

    // A post with pictures, today, to LinkedIn: it goes out as the member.
    const projectId = await createProject(page, server, {
      title: 'Refugio en el Montsec',
      description: 'Un refugio de madera y piedra en la sierra.',
      keywords: 'madera,piedra,montaña',
      category: 'residencial',
      location: 'Àger',
      year: 2025,
      publications: 1,
      colours: ['#6f5a3c', '#3c5a6f'],
    });
    await launchProject(page, server, projectId);
    const listed = (await (await page.request.get(`${server.url}/api/posts?pageSize=60`)).json()) as PostPage;
    expect(listed.items.filter((post) => post.project_id === projectId)).toHaveLength(1);

    await page.goto(`${server.url}/preview-projects`);
    await cardOf(page, 1).getByRole('button', { name: 'Publicar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configurar publicación' });
    const box = dialog.getByRole('checkbox', { name: 'LinkedIn' });
    await expect.poll(() => box.isDisabled()).toBe(false);
    await box.check();
    await dialog.getByText('La fecha es hoy: se publicará en cuanto confirmes.').waitFor();
    await dialog.getByText(/Se publicará en: Marta Soler Ibáñez \(LinkedIn\)/).waitFor();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();

    const card = cardOf(page, 1);
    await card.getByText('Publicada', { exact: true }).waitFor({ timeout: 20_000 });
    await card.getByText('LinkedIn: publicado').waitFor();
    await saveScreenshot(page, 'publishing-linkedin-member-only');

    const [result] = await runSql<{ status: string; target_id: string }>(
      server,
      "select r.status, r.target_id from post_results r join posts p on p.id = r.post_id where p.project_id = $1 and r.network = 'linkedin'",
      [projectId],
    );
    expect(result).toEqual({ status: 'posted', target_id: 'urn:li:person:sbx4Qm7TzL' });
    const published = (await (await page.request.get(`${server.url}/sandbox/published.json`)).json()) as {
      linkedin: Array<{ author: string; images: string[] }>;
    };
    expect(published.linkedin).toEqual([expect.objectContaining({ author: 'urn:li:person:sbx4Qm7TzL' })]);
    expect(published.linkedin[0]!.images.length).toBeGreaterThan(0);

    expectNoUnexpectedConsoleErrors(page);
    await page.context().close();
  });
});
