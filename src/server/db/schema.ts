import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Instants are `Date` on PostgreSQL and ISO-8601 text on SQLite, booleans are
 * `boolean` on PostgreSQL and 0/1 on SQLite; repos read them through ./values.ts.
 */
export type Instant = Date | string;
export type Flag = boolean | number;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Flag;
  avatar_key: string | null;
  created_at: Instant;
  updated_at: Instant;
  first_name: string;
  last_name: string;
  phone: string;
  company: string;
  vat: string;
  description: string;
  role: string;
  language: string;
  active: Flag;
  /** Who must approve this customer's posts: none | studio | studio_and_team (migration 019, decision 040). */
  approval: ColumnType<string, string | undefined, string>;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Instant;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Instant | null;
  refresh_token_expires_at: Instant | null;
  scope: string | null;
  password: string | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Instant;
  created_at: Instant;
  updated_at: Instant;
}

/** Fixed-window counters of failed or costly attempts (sign-in failures, recovery e-mails). */
export interface AttemptCountersTable {
  key: string;
  window_started_at: number;
  count: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  subject: string | null;
  created_at: Instant;
}

/** Messages of the landing's contact form, kept whether or not their e-mail went out. */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  company: string;
  phone: string;
  email: string;
  message: string;
  language: string;
  privacy_accepted_at: Instant;
  mail_status: 'pending' | 'sent' | 'failed';
  mail_error: string | null;
  mailed_at: Instant | null;
  created_at: Instant;
}

export interface PromptsTable {
  id: Generated<number>;
  title: string;
  description: string;
  user_id: string | null;
  is_private: Flag;
  created_at: Instant;
  updated_at: Instant;
}

export interface ProjectsTable {
  id: Generated<number>;
  title: string;
  description: string;
  keywords: string;
  weblink: string;
  maps_url: string;
  location: string;
  show_map: Flag;
  promoter: string;
  collaborators: string;
  authors: string;
  category: string;
  year: number | null;
  photo_credit: string;
  photo_credit_link: string;
  publications: number;
  required_ai: Flag;
  prompt_id: number | null;
  prompt_text: string;
  state: string;
  created_by: string | null;
  assigned_to: string | null;
  /** Why the last generation failed (an error code and its English message); null once launched again. */
  launch_error_code: string | null;
  launch_error_message: string | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface ProjectImagesTable {
  id: Generated<number>;
  project_id: number;
  position: number;
  status: string;
  storage_key: string;
  thumbnail_key: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  original_name: string;
  created_at: Instant;
}

/** A user's connection to one network (migration 004). Token columns hold ciphertexts only. */
export interface SocialConnectionsTable {
  id: Generated<number>;
  user_id: string;
  network: string;
  is_connected: Flag;
  account_id: string | null;
  account_name: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  page_tokens: string | null;
  token_type: string | null;
  token_expires_at: Instant | null;
  refresh_token_expires_at: Instant | null;
  data_access_expires_at: Instant | null;
  token_issued_at: Instant | null;
  scopes: string;
  granular_scopes: string | null;
  provider_app_id: string | null;
  provider_application: string | null;
  pages: string | null;
  pages_fetched_at: Instant | null;
  publish_target_id: string | null;
  /** Instagram: the way it was connected, 'facebook' (Facebook Login) or 'instagram' (Instagram Login; migration 030). */
  login: Generated<string>;
  connected_at: Instant | null;
  verified_at: Instant | null;
  disconnected_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
}

/** An OAuth state handed out to a session and not used yet (migration 004). */
export interface OAuthStatesTable {
  state_hash: string;
  user_id: string;
  session_hash: string;
  network: string;
  redirect_uri: string;
  /** The way an Instagram authorization was started with (migration 030); null elsewhere. */
  login: string | null;
  created_at: Instant;
  expires_at: Instant;
}

/** The database-backed job queue (DESIGN §6, migration 006). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  subject: string | null;
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: Instant;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Instant | null;
  progress: string | null;
  last_error: string | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A social post made from a project (SPEC's "preview project", migration 006). */
export interface PostsTable {
  id: Generated<number>;
  project_id: number;
  owner_id: string | null;
  sequence: number;
  state: string;
  /** The Instagram text, and LinkedIn's while `linkedin_text` is null (migration 016, decision 034). */
  text: string;
  linkedin_text: string | null;
  /** JSON array of the confirmed facts' keys (migration 016); null for none. */
  facts_confirmed: string | null;
  /** YYYY-MM-DD, the studio's day. */
  publish_on: string | null;
  /** HH:MM, the studio's time of day (migration 013). */
  publish_time: string | null;
  /** The instant it goes out: publish_on at publish_time in the studio's zone. */
  publish_at: Instant | null;
  to_instagram: Flag;
  to_linkedin: Flag;
  /** Migration 029 (Facebook Pages); false by default. */
  to_facebook: Generated<Flag>;
  publishing_since: Instant | null;
  published_at: Instant | null;
  /** When and by whom the post was last put in awaiting_approval (migration 019). */
  approval_asked_at: Instant | null;
  approval_asked_by: string | null;
  /** The approver's comment when they last asked for changes (migration 019). */
  changes_comment: string | null;
  /** Who wrote that comment, and when (migration 020). */
  changes_comment_by: string | null;
  changes_comment_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
}

export interface PostImagesTable {
  id: Generated<number>;
  post_id: number;
  project_image_id: number | null;
  position: number;
  status: string;
  instagram_key: string;
  instagram_width: number;
  instagram_height: number;
  linkedin_key: string;
  linkedin_content_type: string;
  /** The image's description for people who cannot see it; '' when none (migration 016). */
  alt_text: Generated<string>;
  created_at: Instant;
}

/** One network's outcome for one post (DESIGN principle 4). */
export interface PostResultsTable {
  post_id: number;
  network: string;
  target_id: string | null;
  target_name: string | null;
  status: string;
  remote_id: string | null;
  permalink: string | null;
  error: string | null;
  /** RESULT_ERROR_CODES (domain/post.ts): the reason the studio reads, translated; null before migration 007. */
  error_code: string | null;
  attempts: number;
  started_at: Instant | null;
  finished_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
  /** Who marked a "needs review" result published or not, and when (migration 012, decision 025). */
  reviewed_by: string | null;
  reviewed_at: Instant | null;
  /** Facebook: the unpublished photos uploaded for the post, JSON `[{id, url, uploadedAt}]`, reused by a later attempt (migration 031); null otherwise. */
  uploads: string | null;
}

/** A post's texts before an edit, a rewrite or a restore replaced them (migration 018). */
export interface PostTextVersionsTable {
  id: Generated<number>;
  post_id: number;
  text: string;
  linkedin_text: string | null;
  replaced_by: string;
  created_at: Instant;
}

/** A network a post was published to in a round "publish again" ended (migration 015, decision 028). */
export interface PostEarlierPublicationsTable {
  id: Generated<number>;
  post_id: number;
  network: string;
  target_id: string | null;
  target_name: string | null;
  remote_id: string | null;
  permalink: string | null;
  published_at: Instant | null;
  set_aside_at: Instant;
}

/**
 * Posts per owner ('' for none) and state, kept by migration 010's triggers on every write to posts:
 * read, never written, by the code.
 */
export interface PostCountsTable {
  owner_id: string;
  state: string;
  n: number;
}

/**
 * Projects per person and state, kept by migration 010's triggers: relation 'creator' counts the
 * projects a person created ('' for none), 'assignee' those assigned to them that they did not create.
 */
export interface ProjectCountsTable {
  person_id: string;
  relation: 'creator' | 'assignee';
  state: string;
  n: number;
}

/** An owner's weekly publishing slot (migration 014): ISO weekday and the studio's HH:MM. */
export interface QueueSlotsTable {
  owner_id: string;
  weekday: number;
  time: string;
  created_at: Instant;
}

/** A studio's voice: how it writes, given to the AI writers (migration 017, decision 037). */
export interface StudioVoicesTable {
  owner_id: string;
  description: string;
  updated_at: Instant;
}

/** One of a voice's example posts, in order: its post's id (no foreign key) and the text as chosen. */
export interface StudioVoiceExamplesTable {
  owner_id: string;
  position: number;
  post_id: number;
  text: string;
}

/** Review links (issue 25 item 4, migration 023, decision 043): only the token's SHA-256 is kept. */
export interface ReviewLinksTable {
  id: Generated<number>;
  token_hash: string;
  project_id: number;
  created_by: string | null;
  email: string | null;
  language: string;
  created_at: Instant;
  expires_at: Instant;
  revoked_at: Instant | null;
  last_used_at: Instant | null;
  decided_at: Instant | null;
}

/** What happened to a post (migration 022, decision 041): append-only, its rows go only with their post. */
export interface PostEventsTable {
  id: Generated<number>;
  post_id: number;
  kind: string;
  /** The account that did it (no foreign key: a deleted account leaves its id); null for a link or the app. */
  actor_id: string | null;
  via: string;
  at: Instant;
  /** The kind's details, JSON. */
  data: string;
}

/** A post's comments (migration 022): team (administrators only) or shared (the approver too); append-only. */
export interface PostCommentsTable {
  id: Generated<number>;
  post_id: number;
  author_id: string;
  visibility: string;
  text: string;
  at: Instant;
}

/** The monthly report e-mails (migration 026, decision 047): one per customer and studio month, claimed then sent. */
export interface MonthlyReportEmailsTable {
  id: Generated<number>;
  owner_id: string;
  /** YYYY-MM, the month reported. */
  month: string;
  claimed_at: Instant;
  sent_at: Instant | null;
}

/** The e-mails to an approver (migration 024, decision 042): one per post, awaiting episode and kind, claimed then sent. */
export interface ApprovalEmailsTable {
  id: Generated<number>;
  post_id: number;
  owner_id: string;
  /** The episode: the post's approval_asked_at when it was claimed. */
  asked_at: Instant;
  kind: string;
  after_hours: number;
  claimed_at: Instant;
  sent_at: Instant | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  attempt_counters: AttemptCountersTable;
  audit_log: AuditLogTable;
  contact_messages: ContactMessagesTable;
  prompts: PromptsTable;
  projects: ProjectsTable;
  project_images: ProjectImagesTable;
  social_connections: SocialConnectionsTable;
  oauth_states: OAuthStatesTable;
  jobs: JobsTable;
  posts: PostsTable;
  post_images: PostImagesTable;
  post_text_versions: PostTextVersionsTable;
  post_results: PostResultsTable;
  post_earlier_publications: PostEarlierPublicationsTable;
  post_counts: PostCountsTable;
  project_counts: ProjectCountsTable;
  queue_slots: QueueSlotsTable;
  studio_voices: StudioVoicesTable;
  studio_voice_examples: StudioVoiceExamplesTable;
  review_links: ReviewLinksTable;
  post_events: PostEventsTable;
  post_comments: PostCommentsTable;
  approval_emails: ApprovalEmailsTable;
  monthly_report_emails: MonthlyReportEmailsTable;
  post_metric_reads: PostMetricReadsTable;
  post_metrics: PostMetricsTable;
  metric_read_limits: MetricReadLimitsTable;
  results_posts: ResultsPostsTable;
  results_hourly: ResultsHourlyTable;
}

/** When each published result's next figures are read (migration 025, decision 045). */
export interface PostMetricReadsTable {
  post_id: number;
  network: string;
  remote_id: string;
  target_id: string | null;
  published_at: Instant;
  step: ColumnType<number, number | undefined, number>;
  failures: ColumnType<number, number | undefined, number>;
  next_read_at: Instant | null;
  /** JSON list of the metrics the network refused for this post: not asked again. */
  unsupported: string | null;
}

/** Every reading of a post's figures on a network (migration 025, decision 045). */
export interface PostMetricsTable {
  id: Generated<number>;
  post_id: number;
  project_id: number;
  /** The post's owner (migration 028): written with the reading, kept by a trigger when the post is reassigned. */
  owner_id: string | null;
  network: string;
  remote_id: string;
  published_at: Instant;
  read_at: Instant;
  /** read | not_yet | unavailable | failed */
  outcome: string;
  reason: string | null;
  /** JSON object: metric → why it could not be read. */
  unavailable: string | null;
  latest: ColumnType<Flag, Flag | undefined, Flag>;
  impressions: number | null;
  reach: number | null;
  reactions: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  clicks: number | null;
  interactions: number | null;
}

/** Calls of the UTC day and a pause, per network and account (migration 025). */
export interface MetricReadLimitsTable {
  network: string;
  account: string;
  day: string;
  calls: ColumnType<number, number | undefined, number>;
  paused_until: Instant | null;
  pause_reason: string | null;
}

/** Per post, the sums of its latest figures over its networks (migration 028, decision 049; kept by triggers). */
export interface ResultsPostsTable {
  post_id: number;
  owner_id: string | null;
  project_id: number;
  /** Its first network's publication instant. */
  published_at: Instant;
  /** How many networks have figures for it. */
  networks: number;
  impressions: number;
  reach: number;
  reactions: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
  interactions: number;
}

/**
 * Per scope (an owner's id, or '' for the whole studio), network ('*': every network, each post once) and
 * UTC hour of publication: the posts with figures and the sums of their latest figures (migration 028,
 * decision 049; kept by triggers).
 */
export interface ResultsHourlyTable {
  scope: string;
  network: string;
  hour: Instant;
  posts: number;
  impressions: number | string;
  reach: number | string;
  reactions: number | string;
  comments: number | string;
  shares: number | string;
  saves: number | string;
  clicks: number | string;
  interactions: number | string;
}
