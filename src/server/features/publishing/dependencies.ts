import type { Kysely } from 'kysely';
import type { PostNetwork } from '../../../domain/post.ts';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { EventHub } from '../../events/event-hub.ts';
import type { Log } from '../../lib/log.ts';
import type { SocialDependencies } from '../social/service.ts';
import type { NetworkClients } from './publisher-contract.ts';
import type { Clock } from '../../lib/clock.ts';

/** What publishing is given: its own file, so the job, the sweep and the e-mail need not import service.ts, which builds them. */
export interface PublishingDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  storage: Storage;
  log: Log;
  events: EventHub;
  /** The owner's tokens and targets come from the social feature (getPublishingAccess). */
  social: SocialDependencies;
  /** The networks' clients (real, or pointed at the sandbox); a missing one cannot be published to. */
  clients: NetworkClients;
  /** The failure e-mail goes straight through the mailer; a failure to send is logged. */
  mailer: Mailer;
  /** The app's address: the e-mail links to its posts page. */
  publicUrl: string;
  /** The clock posts are due by; tests and the sandbox's clock control move it. */
  now: Clock;
  /** Tells the job worker a job is due, so a swept post starts at once. */
  wakeJobs?: () => void;
  /** Tries of one network before its result is `failed` (default 5). */
  maxAttempts?: number;
  /** A post held this long with no publish job alive has lost its job (default: the job lease, 60 s). */
  staleAfterMs?: number;
  /**
   * How long after a creating call began a Facebook page's posts are trusted to say whether it made the
   * post, when its answer never came (default two minutes; tests shorten it).
   */
  callSettledAfterMs?: number;
  /** How often each process sweeps (default every minute). */
  sweepIntervalMs?: number;
  /**
   * Tests only: runs between a network's creating call and the commit of its result, where a crash
   * leaves the outcome unknown. Whatever it throws goes up as if the process had died there.
   */
  afterProviderCall?: (input: { postId: number; network: PostNetwork }) => void | Promise<void>;
}
