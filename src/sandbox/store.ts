import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  type SandboxInstagramAccount,
  type SandboxMetaPage,
  type SandboxOrganization,
  type SandboxStudio,
  defaultInstagramAccounts,
  defaultMetaPages,
  defaultOrganizations,
} from './personas.ts';

/**
 * Everything the sandbox remembers, as the providers would: codes, tokens, uploaded images, posts,
 * containers and published media. With a folder it survives restarts (state.json plus the image files),
 * so a connection made yesterday in development is still valid today; without one it lives in memory.
 */
export interface LinkedInCode {
  /** The member who allowed it (a studio's); Marta when unset. */
  member?: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface LinkedInToken {
  kind: 'access' | 'refresh';
  /** The member it acts for (a studio's `sub`); Marta when unset. */
  member?: string;
  scopes: string[];
  /** When the member first authorized (refresh tokens count 365 days from here). */
  authorizedAt: number;
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

export interface LinkedInImage {
  owner: string;
  member: string;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  uploadExpiresAt: number;
  file?: string;
  contentType?: string;
  width?: number;
  height?: number;
}

export interface LinkedInPost {
  id: string;
  /** The member whose token created it (her daily limit counts it); Marta when unset. */
  member?: string;
  author: string;
  commentary: string;
  visibility: string;
  images: Array<{ id: string; altText?: string }>;
  createdAt: number;
  deleted?: boolean;
}

export interface MetaCode {
  /** The Facebook user who logged in (a studio's); Marta when unset. */
  userId?: string;
  /** Set for an Instagram Login code (instagram-login.ts): the Instagram account that logged in. */
  igUserId?: string;
  redirectUri: string;
  granted: string[];
  declined: string[];
  /** The pages the user shared in the login dialog. */
  pages: string[];
  /** The user's data access, renewed by this login. */
  dataAccessExpiresAt: number;
  expiresAt: number;
  used: boolean;
}

export interface MetaToken {
  /** `ig-short` and `ig-long`: Instagram User tokens of Instagram Login (instagram-login.ts), for graph.instagram.com only. */
  kind: 'short' | 'long' | 'page' | 'ig-short' | 'ig-long';
  /** The Instagram account an Instagram User token acts for. */
  igUserId?: string;
  /** The Facebook user it belongs to (a studio's); Marta when unset. */
  userId?: string;
  pageId?: string;
  granted: string[];
  declined: string[];
  /** The pages shared in the login dialog; absent in tokens stored before it existed (all of them). */
  pages?: string[];
  issuedAt: number;
  /** 0 = never (page tokens from a long-lived user token). */
  expiresAt: number;
  /** The user's data access (90 days from their last login): every token of the user dies with it. */
  dataAccessExpiresAt: number;
  revoked: boolean;
}

export interface MetaContainer {
  igUserId: string;
  mediaType: 'IMAGE' | 'CAROUSEL';
  isCarouselItem: boolean;
  imageUrl?: string;
  file?: string;
  caption?: string;
  altText?: string;
  children?: string[];
  createdAt: number;
  readyAt: number;
  /** Set when Meta's processing failed: the container reports ERROR with this status. */
  error?: string;
  publishedMediaId?: string;
}

export interface MetaMedia {
  id: string;
  igUserId: string;
  containerId: string;
  mediaType: 'IMAGE' | 'CAROUSEL_ALBUM';
  caption: string;
  files: string[];
  shortcode: string;
  timestamp: number;
}

/** A photo uploaded to a Facebook Page (POST /{page-id}/photos): published as a post, or unpublished and waiting to be attached to one. */
export interface PagePhoto {
  id: string;
  pageId: string;
  url: string;
  file: string;
  caption: string;
  published: boolean;
  createdAt: number;
  /** The post it is published in (its own, or the feed post it was attached to). */
  postId?: string;
}

/** A Facebook Page post (POST /{page-id}/feed, or a published photo's). */
export interface PagePost {
  /** `{page-id}_{post-number}`, as Graph names page posts. */
  id: string;
  pageId: string;
  message: string;
  photoIds: string[];
  createdAt: number;
}

export interface SandboxSettings {
  linkedin: {
    /** Issue refresh tokens, as LinkedIn does for apps approved for programmatic refresh. */
    issueRefreshTokens: boolean;
    /** Answer the code exchange without expires_in (SPEC §9's 3600 s default then applies). */
    omitExpiresIn: boolean;
    /** Answer the code exchange without an access token. */
    omitAccessToken: boolean;
    /** Leave the member's name out of userinfo (SPEC §9's "LinkedIn User" then applies). */
    omitMemberName: boolean;
    /** Posts a member may publish per day, reset at midnight UTC (Share on LinkedIn throttle: 150). */
    postsPerDay: number;
    /** Posts the whole app may publish per day, reset at midnight UTC (Share on LinkedIn throttle: 100,000). */
    postsPerAppPerDay: number;
    /** Every API call is answered this long after it arrives (SANDBOX_LATENCY_MS). */
    latencyMs: number;
    /**
     * The app has LinkedIn's Community Management API product, so it may ask for the organization
     * scopes; without it, asking for one fails the consent with unauthorized_scope_error.
     */
    organizationProduct: boolean;
    /** The app may ask for r_member_postAnalytics (memberCreatorPostAnalytics); without it the consent refuses that scope. */
    memberAnalyticsProduct: boolean;
    /** Minutes after publishing before a post has any statistics (issue 26: data lags). */
    analyticsLagMinutes: number;
    /** memberCreatorPostAnalytics queryTypes refused (400), to drive a failing metric. */
    refusedAnalyticsMetrics: string[];
  };
  meta: {
    omitExpiresIn: boolean;
    omitAccessToken: boolean;
    /** The Content Publishing API's posts per account per rolling 24 hours (the docs say 100, 50 and 25). */
    quotaTotal: number;
    /** Containers an account may create per rolling 24 hours, carousel items included (the docs: 400). */
    containersPerDay: number;
    /**
     * Graph calls one user's tokens (hers and her pages') may make per rolling hour: the platform limit
     * gives an app 200 calls an hour per user, pooled; the sandbox holds each user to her share.
     */
    callsPerUserPerHour: number;
    /** Every API call is answered this long after it arrives (SANDBOX_LATENCY_MS). */
    latencyMs: number;
    /** How long a container stays IN_PROGRESS before it is FINISHED. */
    containerProcessingMs: number;
    /** When set, image containers made from now on end in ERROR with this status text. */
    containerError: string | null;
    /** The pages ticked when the login dialog opens (null: all of them); the user may change them there. */
    dialogPages: string[] | null;
    /** The app's Facebook Login for Business configurations: each `config_id` and the permissions it asks for. */
    loginConfigurations: Record<string, string[]>;
    /** Minutes after publishing before media insights answer anything but empty data (Meta: up to 48 h). */
    insightsLagMinutes: number;
    /** Insights calls an Instagram account takes per rolling hour: 100 % of its Business Use Case usage. */
    insightsCallsPerHour: number;
    /** Metrics refused as unsupported for the media type, failing the whole call as Meta does (a control). */
    insightsUnsupported: string[];
  };
}

export interface SandboxState {
  sequence: number;
  /** The studios added beside Marta (studios.ts); their pages are in `meta.pages`. */
  studios: SandboxStudio[];
  /** Added to the real clock: lets a test move the providers' time forward. */
  clockOffsetMs: number;
  settings: SandboxSettings;
  linkedin: {
    organizations: SandboxOrganization[];
    codes: Record<string, LinkedInCode>;
    tokens: Record<string, LinkedInToken>;
    images: Record<string, LinkedInImage>;
    posts: LinkedInPost[];
  };
  meta: {
    pages: SandboxMetaPage[];
    /** Instagram professional accounts with no Facebook Page, reachable by Instagram Login only (instagram-login.ts). */
    instagramAccounts: SandboxInstagramAccount[];
    codes: Record<string, MetaCode>;
    tokens: Record<string, MetaToken>;
    /** Permissions the user removed the app's access to (DELETE /me/permissions). */
    appRemoved: boolean;
    containers: Record<string, MetaContainer>;
    media: Record<string, MetaMedia>;
    publishedAt: number[];
    /** Facebook Page photos and posts (meta-pages.ts). */
    pagePhotos: Record<string, PagePhoto>;
    pagePosts: Record<string, PagePost>;
  };
}

export function defaultSettings(): SandboxSettings {
  return {
    linkedin: {
      issueRefreshTokens: false,
      omitExpiresIn: false,
      omitAccessToken: false,
      omitMemberName: false,
      postsPerDay: 150,
      postsPerAppPerDay: 100_000,
      latencyMs: 0,
      organizationProduct: true,
      memberAnalyticsProduct: true,
      analyticsLagMinutes: 30,
      refusedAnalyticsMetrics: [],
    },
    meta: {
      omitExpiresIn: false,
      omitAccessToken: false,
      quotaTotal: 50,
      containersPerDay: 400,
      callsPerUserPerHour: 200,
      latencyMs: 0,
      containerProcessingMs: 0,
      containerError: null,
      dialogPages: null,
      loginConfigurations: {},
      insightsLagMinutes: 120,
      insightsCallsPerHour: 200,
      insightsUnsupported: [],
    },
  };
}

function emptyState(): SandboxState {
  return {
    sequence: 1,
    studios: [],
    clockOffsetMs: 0,
    settings: defaultSettings(),
    linkedin: { organizations: defaultOrganizations(), codes: {}, tokens: {}, images: {}, posts: [] },
    meta: {
      pages: defaultMetaPages(),
      instagramAccounts: defaultInstagramAccounts(),
      codes: {},
      tokens: {},
      appRemoved: false,
      containers: {},
      media: {},
      publishedAt: [],
      pagePhotos: {},
      pagePosts: {},
    },
  };
}

export interface SandboxFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * How far from the real clock the sandbox's may be (its offset, which a reset brings back to 0): ten
 * years. Every date the app works out from a clock this far ahead is still an ordinary date (2036 from
 * 2026), far inside what JavaScript's dates and the database take (issue 21: 9e15 seconds made the posts
 * list, the home and the calendar answer 500); what it is for (tokens of 60 days, quotas of 24 hours, a
 * year of refreshes, weeks of queued posts) needs much less.
 */
export const MAX_CLOCK_OFFSET_SECONDS = 3_650 * 86_400;

export class SandboxStore {
  state: SandboxState;
  private readonly memoryFiles = new Map<string, SandboxFile>();
  private readonly stateFile: string | undefined;
  private readonly filesDir: string | undefined;

  constructor(dataDir?: string) {
    this.stateFile = dataDir ? path.join(dataDir, 'state.json') : undefined;
    this.filesDir = dataDir ? path.join(dataDir, 'files') : undefined;
    this.state = emptyState();
    if (this.stateFile && fs.existsSync(this.stateFile)) {
      try {
        const loaded = JSON.parse(fs.readFileSync(this.stateFile, 'utf8')) as SandboxState;
        const settings = defaultSettings();
        this.state = {
          ...emptyState(),
          ...loaded,
          // A state saved before Facebook Pages were emulated has no page photos or posts yet.
          meta: { ...emptyState().meta, ...loaded.meta },
          settings: { linkedin: { ...settings.linkedin, ...loaded.settings?.linkedin }, meta: { ...settings.meta, ...loaded.settings?.meta } },
        };
        // A clock moved out of bounds (before there were bounds) starts again at the real time.
        const offset: unknown = loaded.clockOffsetMs;
        if (typeof offset !== 'number' || !(Math.abs(offset) <= MAX_CLOCK_OFFSET_SECONDS * 1000)) this.state.clockOffsetMs = 0;
      } catch {
        // A damaged sandbox file only costs the sandbox's memory: start afresh.
      }
    }
  }

  now(): number {
    return Date.now() + this.state.clockOffsetMs;
  }

  /** A new numeric id, unique within this sandbox. */
  nextNumber(): number {
    return this.state.sequence++;
  }

  /** An opaque random string, e.g. for tokens and codes. */
  random(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }

  save(): void {
    if (!this.stateFile) return;
    fs.mkdirSync(path.dirname(this.stateFile), { recursive: true });
    const partial = `${this.stateFile}.${process.pid}.partial`;
    fs.writeFileSync(partial, JSON.stringify(this.state));
    fs.renameSync(partial, this.stateFile);
  }

  putFile(name: string, file: SandboxFile): void {
    if (!this.filesDir) {
      this.memoryFiles.set(name, file);
      return;
    }
    fs.mkdirSync(this.filesDir, { recursive: true });
    fs.writeFileSync(path.join(this.filesDir, name), file.bytes);
    fs.writeFileSync(path.join(this.filesDir, `${name}.type`), file.contentType);
  }

  getFile(name: string): SandboxFile | undefined {
    if (!/^[A-Za-z0-9_-]+$/.test(name)) return undefined;
    if (!this.filesDir) return this.memoryFiles.get(name);
    try {
      return { bytes: fs.readFileSync(path.join(this.filesDir, name)), contentType: fs.readFileSync(path.join(this.filesDir, `${name}.type`), 'utf8') };
    } catch {
      return undefined;
    }
  }

  /** Forgets everything: tokens, posts, settings and the accounts' pages. */
  reset(): void {
    this.state = emptyState();
    this.memoryFiles.clear();
    if (this.filesDir) fs.rmSync(this.filesDir, { recursive: true, force: true });
    this.save();
  }
}
