import { z } from 'zod';
import { projectNetworkFiguresSchema } from './post-metrics-schemas.ts';
import { rowIdSchema } from './ids.ts';
import { joinKeywords } from './keywords.ts';
import { hasNonWebScheme, normaliseUrl } from './url.ts';

/** Projects, their images and the limits of SPEC §3, §4, §5, §9. Messages are `validation` keys. */

export const PROJECT_STATES = ['draft', 'inProgress', 'preview', 'launched'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

export const CATEGORIES = ['residencial', 'docente', 'oficinas', 'planeamiento', 'cultural', 'publico', 'rehabilitacion', 'interiorismo', 'sanitario'] as const;
export type Category = (typeof CATEGORIES)[number];

export const PUBLICATION_COUNTS = [1, 2, 3, 4] as const;

export const IMAGE_LIMITS = {
  perProject: 10,
  maxBytes: 5_242_880,
  /** Width over height, measured upright (after EXIF orientation): 4:5 to about 16:9. */
  minAspectRatio: 0.8,
  maxAspectRatio: 1.91,
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

export const IMAGE_STATUSES = ['pending', 'not_selected'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];

export function isAspectRatioAccepted(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false;
  const ratio = width / height;
  return ratio >= IMAGE_LIMITS.minAspectRatio && ratio <= IMAGE_LIMITS.maxAspectRatio;
}

const optionalText = (max = 500) => z.string().trim().max(max, 'tooLong');
/** A link: empty, or an absolute http(s) URL; another scheme has a message of its own. */
const optionalLink = z
  .string()
  .trim()
  .max(2000, 'tooLong')
  .refine((value) => !hasNonWebScheme(value), 'urlSchemeNotAllowed')
  .refine((value) => value === '' || hasNonWebScheme(value) || /^https?:\/\/[^\s]+$/i.test(value), 'urlInvalid');

/** The fields of the project form (SPEC §5), each with its rule and none with a default. */
const projectFields = z.object({
  title: z.string({ error: 'titleRequired' }).trim().min(1, 'titleRequired').max(200, 'tooLong'),
  description: z.string({ error: 'descriptionRequired' }).trim().min(1, 'descriptionRequired').max(10_000, 'tooLong'),
  // Chips in the browser, one comma-separated string at the API edge: trimmed and de-duplicated here.
  keywords: z
    .string()
    .max(2000, 'tooLong')
    .transform((value) => joinKeywords(value.split(','))),
  // Normalised as SPEC §5 says; a scheme other than http(s) (javascript:, data:…) is refused, not emptied.
  weblink: z
    .string()
    .trim()
    .max(2000, 'tooLong')
    .refine((value) => !hasNonWebScheme(value), 'urlSchemeNotAllowed')
    .transform((value) => normaliseUrl(value)),
  maps_url: optionalLink,
  location: optionalText(300),
  show_map: z.boolean(),
  promoter: optionalText(),
  collaborators: optionalText(1000),
  authors: optionalText(1000),
  category: z.enum([...CATEGORIES, ''], { message: 'categoryInvalid' }),
  year: z.number({ error: 'yearInvalid' }).int('yearInvalid').min(1000, 'yearInvalid').max(2100, 'yearInvalid').nullable(),
  photo_credit: optionalText(300),
  photo_credit_link: optionalLink,
  publications: z.union(
    PUBLICATION_COUNTS.map((count) => z.literal(count)),
    { message: 'publicationsInvalid' },
  ),
  required_ai: z.boolean(),
  prompt_id: rowIdSchema.nullable(),
});

/** Creating (SPEC §5): title and description required; the web link normalised; year a number; the rest may be left out. */
export const projectInputSchema = projectFields.extend({
  keywords: projectFields.shape.keywords.default(''),
  weblink: projectFields.shape.weblink.default(''),
  maps_url: projectFields.shape.maps_url.default(''),
  location: projectFields.shape.location.default(''),
  show_map: projectFields.shape.show_map.default(false),
  promoter: projectFields.shape.promoter.default(''),
  collaborators: projectFields.shape.collaborators.default(''),
  authors: projectFields.shape.authors.default(''),
  category: projectFields.shape.category.default(''),
  year: projectFields.shape.year.default(null),
  photo_credit: projectFields.shape.photo_credit.default(''),
  photo_credit_link: projectFields.shape.photo_credit_link.default(''),
  publications: projectFields.shape.publications.default(1),
  required_ai: projectFields.shape.required_ai.default(true),
  prompt_id: projectFields.shape.prompt_id.default(null),
});
export type ProjectInput = z.input<typeof projectInputSchema>;
export type ProjectValues = z.output<typeof projectInputSchema>;

/**
 * Editing: the same fields, each optional; only the ones sent change. Built from the fields without
 * defaults: zod applies a default inside .partial(), which would reset every field not sent.
 */
export const projectUpdateSchema = projectFields.partial();
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;

export const personSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

export const projectImageSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  status: z.enum(IMAGE_STATUSES),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  original_name: z.string(),
});
export type ProjectImage = z.infer<typeof projectImageSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  weblink: z.string(),
  maps_url: z.string(),
  location: z.string(),
  show_map: z.boolean(),
  promoter: z.string(),
  collaborators: z.string(),
  authors: z.string(),
  category: z.enum([...CATEGORIES, '']),
  year: z.number().int().nullable(),
  photo_credit: z.string(),
  photo_credit_link: z.string(),
  publications: z.number().int(),
  required_ai: z.boolean(),
  prompt_id: z.number().int().nullable(),
  prompt_text: z.string(),
  state: z.enum(PROJECT_STATES),
  created_by: personSchema.nullable(),
  assigned_to: personSchema.nullable(),
  images: z.array(projectImageSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** A row of the projects table (SPEC §2 "Projects"). */
export const projectSummarySchema = projectSchema
  .pick({ id: true, title: true, state: true, created_by: true, assigned_to: true, weblink: true, maps_url: true, show_map: true, created_at: true })
  .extend({
    /**
     * Its posts, which deleting the project deletes: how many, and how many went out on a network (now or
     * before a "publish again"), which stay there: Alzado only forgets them (issue 29).
     */
    posts: z.object({ total: z.number().int(), published: z.number().int() }),
    /** The sum of its posts' latest figures, per network with figures (issue 26 item 2). */
    figures: z.array(projectNetworkFiguresSchema).optional(),
  });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

export const PROJECT_SORT_FIELDS = ['id', 'title', 'state', 'created_at', 'created_by'] as const;

/** GET /api/projects: 10 a page, newest first by default, filtered by state; all on the server. */
export const listProjectsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  state: z.enum(PROJECT_STATES).optional(),
  sort: z.enum(PROJECT_SORT_FIELDS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuerySchema>;

export const projectPageSchema = z.object({
  items: z.array(projectSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The states present among the projects this user sees, for the filter (SPEC: "all states plus the states present"). */
  states: z.array(z.enum(PROJECT_STATES)),
});
export type ProjectPage = z.infer<typeof projectPageSchema>;

/** PATCH /api/projects/:id/images: the whole list in its new order, each selected or not. */
export const arrangeImagesSchema = z.object({
  images: z.array(z.object({ id: rowIdSchema, status: z.enum(IMAGE_STATUSES) })).max(IMAGE_LIMITS.perProject),
});

/** What an upload answers: the project's images now, and each refused file by name with its reason. */
export const uploadResultSchema = z.object({
  images: z.array(projectImageSchema),
  rejected: z.array(z.object({ name: z.string(), reason: z.enum(['tooLarge', 'invalidFormat', 'aspectRatio', 'tooMany', 'tooManyPixels']) })),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const assignProjectSchema = z.object({ userId: z.string().min(1, 'userRequired') });
