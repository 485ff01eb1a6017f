import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowIdParamSchema } from '../../../domain/ids.ts';
import {
  IMAGE_LIMITS,
  arrangeImagesSchema,
  assignProjectSchema,
  listProjectsQuerySchema,
  projectImageSchema,
  projectInputSchema,
  projectPageSchema,
  projectSchema,
  projectUpdateSchema,
  uploadResultSchema,
} from '../../../domain/project.ts';
import type { Auth } from '../../auth/create-auth.ts';
import { requireSession } from '../../auth/session.ts';
import { AppError } from '../../errors.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { type UploadedFile, uploadedFiles } from '../../http/uploads.ts';
import {
  type ProjectsDependencies,
  arrangeImages,
  assignProject,
  createProject,
  deleteImage,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
  uploadImages,
} from './service.ts';

const projectParams = z.object({ id: rowIdParamSchema });
const imageParams = projectParams.extend({ imageId: rowIdParamSchema });
const imagesAnswer = z.object({ images: z.array(projectImageSchema) });

/** Projects and their images (SPEC §2 "Projects", §5, §6). Who sees what is decided in the service. */
export async function projectsRoutes(app: FastifyInstance, deps: ProjectsDependencies & { auth: Auth }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireSession(deps.auth);
  const tags = ['projects'];

  api.get(
    '/api/projects',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Projects the user sees, paged, sorted and filtered by state on the server',
        querystring: listProjectsQuerySchema,
        response: { 200: projectPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listProjects(deps, request.user!, request.query),
  );

  api.post(
    '/api/projects',
    {
      onRequest,
      schema: { tags, summary: 'Creates a draft project', body: projectInputSchema, response: { 201: projectSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => reply.status(201).send(await createProject(deps, request.user!, request.body)),
  );

  api.get(
    '/api/projects/:id',
    {
      onRequest,
      schema: { tags, summary: 'One project with its images', params: projectParams, response: { 200: projectSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => getProject(deps, request.user!, request.params.id),
  );

  api.patch(
    '/api/projects/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Changes the fields sent (show_map: administrators only)',
        params: projectParams,
        body: projectUpdateSchema,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateProject(deps, request.user!, request.params.id, request.body),
  );

  api.delete(
    '/api/projects/:id',
    {
      onRequest,
      schema: { tags, summary: 'Deletes a project and its images', params: projectParams, response: { 204: z.null(), ...errorResponses(401, 403, 404) } },
    },
    async (request, reply) => {
      await deleteProject(deps, request.user!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/api/projects/:id/assign',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Assigns the project to a customer (administrators)',
        params: projectParams,
        body: assignProjectSchema,
        response: { 200: projectSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assignProject(deps, request.user!, request.params.id, request.body.userId),
  );

  api.post(
    '/api/projects/:id/images',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Adds images (multipart fields "files"): JPEG, PNG or WebP, 5 MB each, 60 megapixels at most (fewer when processing them needs more memory: tooManyPixels), aspect 0.8 to 1.91, 10 per project; refused files are listed by name',
        consumes: ['multipart/form-data'],
        params: projectParams,
        response: { 200: uploadResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      // Refuse a project the user may not see before holding its files in memory.
      await getProject(deps, request.user!, request.params.id);
      // One too-large file must not sink the others: it is reported by name (uploads.ts reads every upload).
      // Each file is handed over as soon as it has arrived, so the first images are processed while the others arrive.
      async function* arriving(): AsyncGenerator<UploadedFile> {
        let count = 0;
        for await (const file of uploadedFiles(request, { field: 'files', maxFiles: IMAGE_LIMITS.perProject * 2 })) {
          count += 1;
          yield file;
        }
        if (count === 0) throw new AppError('VALIDATION_FAILED', 'Send at least one image in the multipart field "files"', { files: 'fileMissing' });
      }
      return uploadImages(deps, request.user!, request.params.id, arriving());
    },
  );

  api.patch(
    '/api/projects/:id/images',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Sets the order (publication sequence) and the selection of the images',
        params: projectParams,
        body: arrangeImagesSchema,
        response: { 200: imagesAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => arrangeImages(deps, request.user!, request.params.id, request.body.images),
  );

  api.delete(
    '/api/projects/:id/images/:imageId',
    {
      onRequest,
      schema: { tags, summary: 'Removes one image', params: imageParams, response: { 200: imagesAnswer, ...errorResponses(401, 403, 404) } },
    },
    async (request) => deleteImage(deps, request.user!, request.params.id, request.params.imageId),
  );
}
