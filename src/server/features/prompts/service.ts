import type { Kysely } from 'kysely';
import type { ListPromptsQuery, Prompt, PromptInput, PromptPage } from '../../../domain/prompt.ts';
import type { SessionUser } from '../../auth/session.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { readInstant } from '../../db/values.ts';
import { AppError } from '../../errors.ts';
import { type PromptRow, type PromptViewer, deletePromptRow, findPromptRow, insertPrompt, listPromptRows, updatePromptRow } from './repo.ts';
import type { Clock } from '../../lib/clock.ts';

export interface PromptsDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  now: Clock;
}

const viewerOf = (actor: SessionUser): PromptViewer => ({ id: actor.id, isAdmin: actor.role === 'admin' });

function toPrompt(row: PromptRow, actor: SessionUser): Prompt {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    is_private: row.is_private,
    author: row.user_id ? { id: row.user_id, first_name: row.first_name ?? '', last_name: row.last_name ?? '' } : null,
    editable: actor.role === 'admin' || row.user_id === actor.id,
    created_at: readInstant(row.created_at).toISOString(),
    updated_at: readInstant(row.updated_at).toISOString(),
  };
}

export async function listPrompts(deps: PromptsDependencies, actor: SessionUser, query: ListPromptsQuery): Promise<PromptPage> {
  const { rows, total } = await listPromptRows(deps.db, deps.dialect, viewerOf(actor), query);
  return { items: rows.map((row) => toPrompt(row, actor)), total, page: query.page, pageSize: query.pageSize };
}

/** A prompt the actor may see; anything else is "not found", so others' private prompts stay unknown. */
export async function getPrompt(deps: PromptsDependencies, actor: SessionUser, id: number): Promise<Prompt> {
  const row = await findPromptRow(deps.db, deps.dialect, viewerOf(actor), id);
  if (!row) throw new AppError('NOT_FOUND', `Prompt with id ${id} not found`);
  return toPrompt(row, actor);
}

/** Admins' prompts are public, everybody else's private (SPEC §6). */
export async function createPrompt(deps: PromptsDependencies, actor: SessionUser, input: PromptInput): Promise<Prompt> {
  const id = await insertPrompt(deps.db, deps.dialect, { ...input, user_id: actor.id, is_private: actor.role !== 'admin' }, deps.now());
  return getPrompt(deps, actor, id);
}

async function getEditablePrompt(deps: PromptsDependencies, actor: SessionUser, id: number): Promise<Prompt> {
  const prompt = await getPrompt(deps, actor, id);
  if (!prompt.editable) throw new AppError('FORBIDDEN', 'Only the author of a prompt or an administrator can change it');
  return prompt;
}

export async function updatePrompt(deps: PromptsDependencies, actor: SessionUser, id: number, changes: Partial<PromptInput>): Promise<Prompt> {
  await getEditablePrompt(deps, actor, id);
  if (Object.keys(changes).length > 0) {
    await updatePromptRow(deps.db, id, changes, deps.now());
  }
  return getPrompt(deps, actor, id);
}

/** Projects that chose it keep their copy of its text. */
export async function deletePrompt(deps: PromptsDependencies, actor: SessionUser, id: number): Promise<void> {
  await getEditablePrompt(deps, actor, id);
  await deletePromptRow(deps.db, id);
}
