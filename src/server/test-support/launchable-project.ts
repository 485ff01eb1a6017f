import type { Project } from '../../domain/project.ts';
import { multipartBody, plainImage } from './images.ts';
import type { TestApp } from './test-app.ts';

/** Distinct colours, so that every image has its own content (and so its own variants). */
const colour = (index: number) => `#${(0x203040 + index * 0x0b1f07).toString(16).slice(-6)}`;

/**
 * A draft project made through the API as the screen makes it: its fields, `imageCount` JPEG images
 * uploaded in order, and the ones at `unselected` (0-based) left out of the posts.
 */
export async function createLaunchableProject(
  testApp: TestApp,
  cookie: string,
  input: { fields?: Record<string, unknown>; imageCount: number; unselected?: number[] },
): Promise<Project> {
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { cookie },
    payload: { title: 'Casa en el Montseny', description: 'Una casa de madera en el bosque.', ...input.fields },
  });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const project = created.json<Project>();
  if (input.imageCount > 0) {
    const parts = await Promise.all(
      Array.from({ length: input.imageCount }, async (_, index) => ({
        name: 'files',
        value: await plainImage('jpeg', 1200, 900, colour(index)),
        filename: `foto-${index + 1}.jpg`,
        contentType: 'image/jpeg',
      })),
    );
    const { payload, headers } = multipartBody(parts);
    const uploaded = await testApp.app.inject({ method: 'POST', url: `/api/projects/${project.id}/images`, headers: { ...headers, cookie }, payload });
    if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.statusCode} ${uploaded.body}`);
  }
  if (input.unselected && input.unselected.length > 0) {
    const images = (await testApp.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie } })).json<Project>().images;
    const arranged = images.map((image, index) => ({ id: image.id, status: input.unselected!.includes(index) ? 'not_selected' : 'pending' }));
    const answer = await testApp.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}/images`, headers: { cookie }, payload: { images: arranged } });
    if (answer.statusCode !== 200) throw new Error(`arrange failed: ${answer.statusCode} ${answer.body}`);
  }
  return (await testApp.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie } })).json<Project>();
}
