import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { projectRowValues } from './projects.ts';
import { storedFlag, storedInstant } from './stored-values.ts';

/** Rows the dashboard's tests write straight into the database: drafts with images, connections, results' reasons. */

/** A draft making `publications` posts with `selected` selected images and `unselected` kept aside. */
export async function createDraft(
  db: Kysely<Database>,
  input: { title: string; createdBy: string | null; assignedTo?: string | null; publications: number; selected: number; unselected?: number; createdAt: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('projects')
    .values(
      projectRowValues({
        title: input.title,
        created_by: input.createdBy,
        assigned_to: input.assignedTo ?? null,
        publications: input.publications,
        state: 'draft',
        created_at: input.createdAt,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const statuses = [...Array<string>(input.selected).fill('pending'), ...Array<string>(input.unselected ?? 0).fill('not_selected')];
  for (const [position, status] of statuses.entries()) {
    await db
      .insertInto('project_images')
      .values({
        project_id: id,
        position,
        status,
        storage_key: `projects/test/${id}-${position}.jpg`,
        thumbnail_key: `projects/test/${id}-${position}-t.jpg`,
        content_type: 'image/jpeg',
        width: 1200,
        height: 900,
        bytes: 1000,
        original_name: `${position}.jpg`,
        created_at: storedInstant(input.createdAt),
      })
      .execute();
  }
  return id;
}

/** A network's result for a post with the reason's code, as publishing records a failure. */
export async function recordResult(
  db: Kysely<Database>,
  input: {
    postId: number;
    network: 'linkedin' | 'instagram';
    status: 'failed' | 'unknown' | 'posted';
    code: string | null;
    error?: string;
    attempts?: number;
    finishedAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('post_results')
    .values({
      post_id: input.postId,
      network: input.network,
      target_id: null,
      target_name: null,
      status: input.status,
      remote_id: null,
      permalink: null,
      error: input.error ?? null,
      error_code: input.code,
      attempts: input.attempts ?? 1,
      started_at: null,
      finished_at: storedInstant(input.finishedAt),
      created_at: storedInstant(input.finishedAt),
      updated_at: storedInstant(input.finishedAt),
    })
    .execute();
}

/** A connection row as the connectors and the token refresh leave it. */
export async function createConnection(
  db: Kysely<Database>,
  input: {
    userId: string;
    network: 'linkedin' | 'instagram';
    connected: boolean;
    expiresAt: Date | null;
    connectedAt: Date | null;
    disconnectedAt?: Date | null;
    accountName?: string;
  },
): Promise<void> {
  const at = input.connectedAt ?? new Date('2025-01-01T00:00:00Z');
  await db
    .insertInto('social_connections')
    .values({
      user_id: input.userId,
      network: input.network,
      is_connected: storedFlag(input.connected),
      account_name: input.accountName ?? 'Marta Soler',
      scopes: '',
      token_expires_at: input.expiresAt ? storedInstant(input.expiresAt) : null,
      connected_at: input.connectedAt ? storedInstant(input.connectedAt) : null,
      disconnected_at: input.disconnectedAt ? storedInstant(input.disconnectedAt) : null,
      created_at: storedInstant(at),
      updated_at: storedInstant(at),
    })
    .execute();
}
