import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

/** Projects as journeys start from them: made and launched through the API, as the screens would. */
export interface NewProject {
  title: string;
  description: string;
  keywords: string;
  category: string;
  location: string;
  year: number;
  publications: number;
  /** Written by the configured writer (the template here) rather than the description as it is. */
  required_ai?: boolean;
  /** One picture per colour, 1200x900 JPEGs. */
  colours: string[];
}

async function picture(colour: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name: `foto-${colour.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** A draft with its pictures, as the signed-in user of the page; its id. */
export async function createProject(page: Page, server: RunningServer, project: NewProject): Promise<number> {
  const { colours, ...fields } = project;
  const created = await page.request.post(`${server.url}/api/projects`, { data: fields });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // One picture per request: Playwright's multipart takes one value per field name.
  for (const colour of colours) {
    expect((await page.request.post(`${server.url}/api/projects/${id}/images`, { multipart: { files: await picture(colour) } })).status()).toBe(200);
  }
  return id;
}

/** Launches the project and waits until its posts are generated (the project in preview). */
export async function launchProject(page: Page, server: RunningServer, id: number): Promise<void> {
  expect((await page.request.post(`${server.url}/api/projects/${id}/launch`)).status()).toBe(202);
  await expect
    .poll(async () => ((await (await page.request.get(`${server.url}/api/projects/${id}`)).json()) as { state: string }).state, {
      timeout: 20_000,
      interval: 250,
    })
    .toBe('preview');
}
