import { z } from 'zod';
import { emailAddressSchema } from './auth.ts';
import { LANGUAGES } from './languages.ts';
import { approvePostSchema, postAccountsSchema, postSchema, requestChangesSchema } from './post.ts';

/**
 * Review links (issue 25 item 4, docs/decisions/043): a project's posts awaiting approval, shown to
 * someone without an account, who approves them or asks for changes. The link's token is shown once, at
 * creation; the server keeps only its hash.
 */

export const REVIEW_LINK_DAYS = { default: 30, max: 90 } as const;
/** The reviewer's name, written beside each decision they make. */
export const REVIEWER_NAME_LIMIT = 120;

export const REVIEW_LINK_STATUSES = ['active', 'expired', 'revoked', 'used'] as const;
export type ReviewLinkStatus = (typeof REVIEW_LINK_STATUSES)[number];

export const createReviewLinkSchema = z.object({
  /** Who the link is for; when given, the link is e-mailed to them. */
  email: emailAddressSchema.nullish(),
  /** The recipient's language: the page's and the e-mail's. */
  language: z.enum(LANGUAGES, { message: 'languageInvalid' }),
  expires_in_days: z
    .number({ message: 'reviewLinkDaysInvalid' })
    .int('reviewLinkDaysInvalid')
    .min(1, 'reviewLinkDaysInvalid')
    .max(REVIEW_LINK_DAYS.max, 'reviewLinkDaysInvalid')
    .optional(),
});
export type CreateReviewLink = z.infer<typeof createReviewLinkSchema>;

export const reviewLinkSchema = z.object({
  id: z.number(),
  email: z.string().nullable(),
  language: z.enum(LANGUAGES),
  status: z.enum(REVIEW_LINK_STATUSES),
  created_at: z.string(),
  created_by: z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }).nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ReviewLink = z.infer<typeof reviewLinkSchema>;

/** The answer to creating a link: the only time its address is shown. */
export const createdReviewLinkSchema = z.object({ link: reviewLinkSchema, url: z.string(), emailed: z.boolean() });
export type CreatedReviewLink = z.infer<typeof createdReviewLinkSchema>;

export const reviewLinkListSchema = z.object({ links: z.array(reviewLinkSchema) });

export const reviewerNameSchema = z
  .string({ message: 'reviewerNameRequired' })
  .trim()
  .min(1, 'reviewerNameRequired')
  .max(REVIEWER_NAME_LIMIT, 'reviewerNameTooLong');

/**
 * A post as the review page shows it: both texts, the pictures with their descriptions, its day and time,
 * and the accounts it goes out as (for the previews). Nothing else of the studio.
 */
export const reviewPostSchema = postSchema
  .pick({
    id: true,
    sequence: true,
    state: true,
    text: true,
    linkedin_text: true,
    publish_on: true,
    publish_time: true,
    publish_at: true,
    locked_from: true,
    networks: true,
    images: true,
    unreachable: true,
    updated_at: true,
  })
  .extend({ accounts: postAccountsSchema });
export type ReviewPost = z.infer<typeof reviewPostSchema>;

/** What a review link opens: the project's title and its posts awaiting approval, in the recipient's language. */
export const reviewSchema = z.object({
  project_title: z.string(),
  language: z.enum(LANGUAGES),
  expires_at: z.string(),
  posts: z.array(reviewPostSchema),
});
export type Review = z.infer<typeof reviewSchema>;

/** A decision through a link: the post's as in the app, with the reviewer's name written beside it. */
export const reviewApproveSchema = approvePostSchema.extend({ name: reviewerNameSchema });
export type ReviewApprove = z.infer<typeof reviewApproveSchema>;
export const reviewRequestChangesSchema = requestChangesSchema.extend({ name: reviewerNameSchema });
export type ReviewRequestChanges = z.infer<typeof reviewRequestChangesSchema>;
