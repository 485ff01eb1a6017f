import { z } from 'zod';
import { SOCIAL_NETWORKS } from './social-networks.ts';

/**
 * Connections to the social networks (SPEC §3 connection data, §4 "Social connection", §9 scopes and
 * defaults). What the browser sees of a connection is the client view below: never a token.
 */
export { NETWORK_NAMES, SOCIAL_NETWORKS, type SocialNetwork } from './social-networks.ts';
export const socialNetworkSchema = z.enum(SOCIAL_NETWORKS);

/**
 * LinkedIn's scopes (SPEC §9 lists nine; docs/decisions/011 says why we ask for fewer). Every app gets
 * the member's: Sign In with LinkedIn (openid, profile, email) and Share on LinkedIn (w_member_social).
 * The organization scopes exist only for apps with the Community Management API product, and asking
 * for one the app lacks fails the whole consent (unauthorized_scope_error).
 */
export const LINKEDIN_MEMBER_SCOPES = ['openid', 'profile', 'email', 'w_member_social'] as const;
/**
 * What our organization calls need, no more: r_organization_admin for the organizationAcls finder (the
 * organization lookup's public fields need no scope), w_organization_social for images and posts owned
 * by a page. r_organization_social (reading the pages' posts) and rw_organization_admin (managing them)
 * are never used.
 */
export const LINKEDIN_ORGANIZATION_SCOPES = ['r_organization_admin', 'w_organization_social'] as const;

/**
 * The member's post analytics (memberCreatorPostAnalytics, issue 26): only apps LinkedIn granted it may
 * ask for it (LINKEDIN_MEMBER_POST_ANALYTICS); asking without it fails the consent, like the organization scopes.
 * The organization pages' statistics need no other scope: r_organization_admin covers their reporting data.
 */
export const LINKEDIN_MEMBER_ANALYTICS_SCOPE = 'r_member_postAnalytics';

export function linkedinScopes(options: { organizationPages: boolean; memberAnalytics?: boolean }): string[] {
  return [
    ...LINKEDIN_MEMBER_SCOPES,
    ...(options.organizationPages ? LINKEDIN_ORGANIZATION_SCOPES : []),
    ...(options.memberAnalytics ? [LINKEDIN_MEMBER_ANALYTICS_SCOPE] : []),
  ];
}

/**
 * SPEC §9: the photo network's permissions (Facebook Login), and instagram_manage_insights for the posts'
 * figures (issue 26; next-features-facts.md §1a). A connection made before it lacks that one: its figures
 * are recorded as not permitted until the owner connects again.
 */
export const INSTAGRAM_INSIGHTS_PERMISSION = 'instagram_manage_insights';
export const INSTAGRAM_SCOPES = [
  'pages_show_list',
  'instagram_basic',
  'instagram_content_publish',
  'business_management',
  'pages_read_engagement',
  INSTAGRAM_INSIGHTS_PERMISSION,
] as const;

/**
 * Facebook Login permissions for publishing on Facebook Pages (issue 27, next-features-facts.md §3,
 * docs/decisions/050): the pages and their tokens (pages_show_list), posting (pages_manage_posts and
 * pages_read_engagement: Graph's refusal names both), and the pages of Business Manager businesses
 * (business_management).
 */
/** What a Facebook Page post's reactions, comments and shares need (docs/decisions/056): asked at connection. */
export const FACEBOOK_COUNTS_PERMISSION = 'pages_read_engagement';
export const FACEBOOK_PAGE_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'business_management'] as const;

/**
 * The two ways to connect Instagram (issue 27, docs/decisions/052 and 054): `facebook`, Facebook Login,
 * through the Facebook Page the professional account is linked to; `instagram`, the Instagram API with
 * Instagram Login, the account itself with no Page (Business or Creator).
 */
export const INSTAGRAM_LOGINS = ['facebook', 'instagram'] as const;
export type InstagramLogin = (typeof INSTAGRAM_LOGINS)[number];
export const instagramLoginSchema = z.enum(INSTAGRAM_LOGINS);
/** Instagram Login's permission for the posts' figures (the Results page, issue 26). */
export const INSTAGRAM_LOGIN_INSIGHTS_PERMISSION = 'instagram_business_manage_insights';

/** Meta's permissions; `adsRead` adds the one pages reached through Business Manager need to be published to. */
export function instagramScopes(options: { adsRead: boolean }): string[] {
  return options.adsRead ? [...INSTAGRAM_SCOPES, 'ads_read'] : [...INSTAGRAM_SCOPES];
}

/** SPEC §9: the token lifetime assumed when the provider gives none. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;
/** SPEC §9: the defaults of a LinkedIn connection whose member record lacks them. */
export const DEFAULT_LINKEDIN_PERSON_ID = 'unknown';
export const DEFAULT_LINKEDIN_USER_NAME = 'LinkedIn User';

/** SPEC §9: a connected account's name is shown truncated at 15 characters. */
export const CONNECTED_NAME_MAX_LENGTH = 15;

export function truncateAccountName(name: string): string {
  const characters = [...name];
  return characters.length > CONNECTED_NAME_MAX_LENGTH ? `${characters.slice(0, CONNECTED_NAME_MAX_LENGTH).join('').trimEnd()}…` : name;
}

/** SPEC §5: the OAuth callback's answer when the returned state is not the one handed out. */
export const STATE_MISMATCH_MESSAGE = 'State mismatch. Possible CSRF attack.';

/** SPEC §8: the callback page's returns to /settings. */
export const CALLBACK_SUCCESS_RETURN_MS = 1500;
export const CALLBACK_FAILURE_RETURN_MS = 3000;

/**
 * Why a page listed in Settings cannot be published to (shown there, and the reason a post to it fails):
 * - roleRefused: LinkedIn refused a post as this company page (the member's page role no longer allows
 *   organic posts); the connection itself stands.
 * - businessManagerPermission: the Facebook page is reached through Business Manager, and Meta then also
 *   requires the ads_read or ads_management permission, which the connection does not have.
 * - taskMissing: the Facebook page does not let the user create content (no CREATE_CONTENT task among
 *   her tasks on it, or Meta refused a post to it for that reason, docs/decisions/050).
 */
export const PAGE_PROBLEMS = ['roleRefused', 'businessManagerPermission', 'taskMissing'] as const;
export type PageProblem = (typeof PAGE_PROBLEMS)[number];
export const pageProblemSchema = z.enum(PAGE_PROBLEMS);

/** A page the member can publish as (SPEC §3 admin_pages): themselves (PERSON) or a company page they administer. */
export const linkedinPageSchema = z.object({
  /** The author URN: urn:li:person:{id} or urn:li:organization:{id}. */
  id: z.string(),
  name: z.string(),
  type: z.enum(['PERSON', 'ORGANIZATION']),
  logoUrl: z.string().nullable(),
  /** Set when this page cannot be published to; absent in pages stored before it existed. */
  problem: pageProblemSchema.nullable().optional(),
});
export type LinkedInPage = z.infer<typeof linkedinPageSchema>;

/** An Instagram business account and its Facebook page (SPEC §3 business_pages), without the page's token. */
export const instagramBusinessPageSchema = z.object({
  instagram_business_account_id: z.string(),
  instagram_username: z.string(),
  instagram_name: z.string(),
  instagram_profile_picture: z.string().nullable(),
  instagram_followers_count: z.number().int(),
  instagram_media_count: z.number().int(),
  /** Null for an account connected with Instagram Login: no Facebook Page is behind it. */
  facebook_page_id: z.string().nullable(),
  facebook_page_name: z.string().nullable(),
  /** Set when this account cannot be published to; absent in pages stored before it existed. */
  problem: pageProblemSchema.nullable().optional(),
});
export type InstagramBusinessPage = z.infer<typeof instagramBusinessPageSchema>;

/** A Facebook Page the user shared with the app (issue 27), without its token: its tasks say whether she may post as it. */
export const facebookPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Her own page role, or one a Business Manager business gives her. */
  through: z.enum(['user', 'business']),
  /** ANALYZE, ADVERTISE, MODERATE, CREATE_CONTENT, MANAGE: what Meta lets her do on the page. */
  tasks: z.array(z.string()),
  /** Set when this page cannot be published to (`taskMissing`: no CREATE_CONTENT). */
  problem: pageProblemSchema.nullable(),
});
export type FacebookPageView = z.infer<typeof facebookPageSchema>;

/**
 * Why a connection shown as connected could not be confirmed with the provider just now (SPEC §8: it
 * stays connected, with a warning).
 */
export const CONNECTION_WARNINGS = ['serverIssues', 'networkIssues'] as const;
export type ConnectionWarning = (typeof CONNECTION_WARNINGS)[number];

const connectionViewFields = {
  /** The network is served by Alzado's local sandbox, not the real provider. */
  sandbox: z.boolean(),
  /** False when the network is neither configured nor sandboxed: it cannot be connected. */
  available: z.boolean(),
  isConnected: z.boolean(),
  userName: z.string().nullable(),
  /** When the access token expires (ISO 8601). */
  expiresAt: z.string().nullable(),
  /** The page or account posts go to; null until one is chosen. */
  publishTargetId: z.string().nullable(),
  warning: z.enum(CONNECTION_WARNINGS).nullable(),
};

/** The client view of SPEC §3: no token ever. Pages are null until they have been fetched once. */
export const linkedinConnectionViewSchema = z.object({
  network: z.literal('linkedin'),
  ...connectionViewFields,
  adminPages: z.array(linkedinPageSchema).nullable(),
  /**
   * Whether this server's LinkedIn app may publish to company pages (it has LinkedIn's Community
   * Management API product: LINKEDIN_ORGANIZATION_PAGES); when false only the member is offered.
   */
  companyPagesOffered: z.boolean(),
});
export const instagramConnectionViewSchema = z.object({
  network: z.literal('instagram'),
  ...connectionViewFields,
  businessPages: z.array(instagramBusinessPageSchema).nullable(),
  /** The way the connection was made (`facebook` when there is none yet). */
  login: instagramLoginSchema,
  /** The ways this server offers (configured, or served by the sandbox), for Settings to choose from. */
  logins: z.array(instagramLoginSchema),
  /**
   * Connected before instagram_manage_insights was asked (issue 26): its posts' figures cannot be read
   * until the owner connects again. Absent when not connected.
   */
  insightsMissing: z.boolean().optional(),
});
export const facebookConnectionViewSchema = z.object({
  network: z.literal('facebook'),
  ...connectionViewFields,
  pages: z.array(facebookPageSchema).nullable(),
});
export const socialConnectionViewSchema = z.discriminatedUnion('network', [
  linkedinConnectionViewSchema,
  instagramConnectionViewSchema,
  facebookConnectionViewSchema,
]);
export type LinkedInConnectionView = z.infer<typeof linkedinConnectionViewSchema>;
export type SocialConnectionView = z.infer<typeof socialConnectionViewSchema>;

export const networkParamsSchema = z.object({ network: socialNetworkSchema });

/** POST /api/social/instagram/authorize?login=instagram: the way to connect Instagram (Facebook Login unless said). */
export const authorizeQuerySchema = z.object({ login: instagramLoginSchema.optional() });

export const authorizationSchema = z.object({
  /** The provider's consent page, with the state this session must bring back. */
  url: z.string(),
});

/** What the callback page posts: the code and state the provider returned (SPEC §7). */
export const oauthCallbackSchema = z.object({
  code: z.string().trim().min(1, 'required').max(4096, 'tooLong'),
  state: z.string().trim().min(1, 'required').max(512, 'tooLong'),
});
export type OAuthCallback = z.infer<typeof oauthCallbackSchema>;

/** The page (LinkedIn) or business account (Instagram) the network's posts are published to. */
export const publishTargetSchema = z.object({ targetId: z.string().trim().min(1, 'required').max(512, 'tooLong') });
