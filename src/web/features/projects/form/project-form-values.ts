import { z } from 'zod';
import { joinKeywords, parseKeywords } from '../../../../domain/keywords.ts';
import { type Project, type ProjectUpdate, type ProjectValues, projectInputSchema } from '../../../../domain/project.ts';
import { hasNonWebScheme } from '../../../../domain/url.ts';

/**
 * The project form's schema: the domain's own, with the keywords edited as chips (joined into the
 * comma-separated string on submit). A web link whose host has no dot becomes empty (SPEC §5: the
 * field's help says so while it is typed); a scheme other than http or https is refused on its field.
 */
export const projectFormSchema = projectInputSchema.extend({
  keywords: z.array(z.string()).transform((keywords) => joinKeywords(keywords)),
  weblink: z
    .string()
    .refine((value) => !hasNonWebScheme(value), 'urlSchemeNotAllowed')
    .pipe(projectInputSchema.shape.weblink.unwrap()),
});

export type ProjectFormValues = Required<z.input<typeof projectFormSchema>>;

/** The form of a new project: a draft with one publication and AI writing (SPEC §4). */
export const EMPTY_PROJECT: ProjectFormValues = {
  title: '',
  description: '',
  keywords: [],
  weblink: '',
  maps_url: '',
  location: '',
  show_map: false,
  promoter: '',
  collaborators: '',
  authors: '',
  category: '',
  year: null,
  photo_credit: '',
  photo_credit_link: '',
  publications: 1,
  required_ai: true,
  prompt_id: null,
};

export function formValuesOf(project: Project): ProjectFormValues {
  return {
    title: project.title,
    description: project.description,
    keywords: parseKeywords(project.keywords),
    weblink: project.weblink,
    maps_url: project.maps_url,
    location: project.location,
    show_map: project.show_map,
    promoter: project.promoter,
    collaborators: project.collaborators,
    authors: project.authors,
    category: project.category,
    year: project.year,
    photo_credit: project.photo_credit,
    photo_credit_link: project.photo_credit_link,
    publications: ([1, 2, 3, 4] as const).find((count) => count === project.publications) ?? 1,
    required_ai: project.required_ai,
    prompt_id: project.prompt_id,
  };
}

/** Only the fields whose saved value would change (SPEC §5: an update sends only what changed). */
export function changedFields(before: ProjectValues, after: ProjectValues): ProjectUpdate {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ProjectValues)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  return changes as ProjectUpdate;
}
