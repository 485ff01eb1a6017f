import type { Language } from '../../../domain/languages.ts';

/**
 * The AI port (DESIGN §7): writes the texts of a launched project's posts. Three adapters, chosen in
 * main.ts from configuration: `template` (default, no network), `openai` (any OpenAI-compatible chat
 * API) and `webhook` (an external workflow). The generation job shares the images out; a writer writes
 * each post's texts (one per network) and its images' descriptions, in order.
 */
export interface WriterImage {
  /** Public address of the image (what the webhook receives). */
  url: string;
  /**
   * A reduced JPEG of it (at most 1024 px wide) for writers that send images to a model; made only when
   * the writer says it wants them (`wantsImagePreviews`), absent otherwise.
   */
  preview?: { contentType: 'image/jpeg'; data: Buffer };
}

export interface WriterProject {
  id: number;
  title: string;
  description: string;
  keywords: string[];
  category: string;
  location: string;
  year: number | null;
  authors: string;
  collaborators: string;
  promoter: string;
  photoCredit: string;
  weblink: string;
}

export interface WriteRequest {
  project: WriterProject;
  /** The studio's language (the project's customer's), in which the posts are written. */
  language: Language;
  /** The project's prompt text, copied from My GPTs; may be empty. */
  instructions: string;
  /**
   * The studio's voice (the project's customer's, issue 24 item 4): what to say and never say, and posts
   * the studio wrote; absent when the customer has none. The template writer does not use it.
   */
  voice?: StudioVoiceForWriter;
  /** One entry per post to write (1 to 4), with the images that post will carry, in order. */
  posts: { images: WriterImage[] }[];
  /**
   * One post of the project written again (issue 24 item 5; `posts` holds that one): its place in the
   * series, the studio's note ("shorter"; may be empty) and its texts now.
   */
  rewrite?: { post: number; of: number; note: string; current: { instagram: string; linkedin: string } };
  signal?: AbortSignal;
}

export interface StudioVoiceForWriter {
  description: string;
  /** At most 5 texts of the studio's published posts, as chosen. */
  examples: string[];
}

/** What a writer gives for one post (decision 034): a text for each network and a description for each image. */
export interface WrittenPost {
  /** Within Instagram's rules (2,200 characters, 5 hashtags); the first line is the hook. */
  instagram: string;
  /** Within LinkedIn's 3,000 characters, a few hashtags at the end. */
  linkedin: string;
  /** One per image of the post, in order, each within ALT_TEXT_LIMIT. */
  altTexts: string[];
}

export interface PostWriter {
  readonly kind: 'template' | 'openai' | 'webhook';
  /** The generation makes the `preview` JPEGs only for a writer that sends images (openai with images on). */
  readonly wantsImagePreviews: boolean;
  /** One post per entry of `request.posts`, in the same order; throws WriterError on failure. */
  write(request: WriteRequest): Promise<WrittenPost[]>;
}

/** Why a writer failed; the code is stored on the project and translated in the browser. */
export class WriterError extends Error {
  constructor(
    readonly code: 'GENERATION_WEBHOOK_FAILED' | 'GENERATION_AI_FAILED',
    message: string,
    /** The HTTP status the service answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WriterError';
  }
}
