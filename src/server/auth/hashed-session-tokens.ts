import { createHash } from 'node:crypto';
import type { BetterAuthPlugin, DBAdapter, Where } from 'better-auth';

/**
 * The form a session token is stored in: its SHA-256, base64url. The browser's cookie carries the token
 * itself (signed with AUTH_SECRET); the `sessions` table only this, which no cookie can be made from.
 * A token is 32 random characters, so a fast hash is enough: nothing to guess a preimage from.
 */
export function sessionTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/**
 * Better Auth 1.7.7 stores session tokens as they are sent (it can hash verification identifiers, not
 * sessions; its secondary storage keys by the raw token too). This plugin makes the `sessions` table hold
 * only their digests: at start it wraps the database adapter Better Auth uses, in place (the same object,
 * so its schema check and its internal adapter keep working), so that for the session model
 *   - a token written (create, update) is stored as its digest,
 *   - a token looked for (any `where` on `token`, `in` lists too) is looked for by its digest,
 *   - a row found by a token it was given comes back with that token, as Better Auth expects.
 * Rows listed by something else (a user's sessions) come back with the digest, which works as no cookie.
 * docs/decisions/015-tokens-stored-as-hashes.md.
 */
export function hashedSessionTokens(): BetterAuthPlugin {
  return {
    id: 'alzado-hashed-session-tokens',
    init(context) {
      storeSessionTokensHashed(context.adapter);
    },
  };
}

const wrapped = new WeakSet<object>();

function isSessionModel(model: string): boolean {
  return model === 'session' || model === 'sessions';
}

/** Replaces the adapter's methods by ones that hash session tokens; idempotent. */
export function storeSessionTokensHashed(adapter: DBAdapter): void {
  if (wrapped.has(adapter)) return;
  wrapped.add(adapter);
  const original = { ...adapter };
  const self = adapter as unknown as Record<string, unknown>;

  /** The where clauses with each token value hashed, and the raw token of each digest used. */
  const hashWhere = (where: Where[] | undefined, raw: Map<string, string>): Where[] | undefined =>
    where?.map((clause) => {
      if (clause.field !== 'token') return clause;
      const hash = (value: unknown) => {
        if (typeof value !== 'string') return value;
        const digest = sessionTokenDigest(value);
        raw.set(digest, value);
        return digest;
      };
      return { ...clause, value: Array.isArray(clause.value) ? clause.value.map(hash) : hash(clause.value) } as Where;
    });
  const restore = <T>(row: T, raw: Map<string, string>): T => {
    const stored = row && typeof row === 'object' ? (row as { token?: unknown }).token : undefined;
    const token = typeof stored === 'string' ? raw.get(stored) : undefined;
    return token === undefined ? row : { ...row, token };
  };
  const hashData = <T extends Record<string, unknown> | undefined>(data: T, raw: Map<string, string>): T => {
    if (!data || typeof data.token !== 'string') return data;
    const digest = sessionTokenDigest(data.token);
    raw.set(digest, data.token);
    return { ...data, token: digest };
  };

  self.create = async (input: Parameters<DBAdapter['create']>[0]) => {
    if (!isSessionModel(input.model)) return original.create(input);
    const raw = new Map<string, string>();
    return restore(await original.create({ ...input, data: hashData(input.data as Record<string, unknown>, raw) }), raw);
  };
  self.findOne = async (input: Parameters<DBAdapter['findOne']>[0]) => {
    if (!isSessionModel(input.model)) return original.findOne(input);
    const raw = new Map<string, string>();
    return restore(await original.findOne({ ...input, where: hashWhere(input.where, raw)! }), raw);
  };
  self.findMany = async (input: Parameters<DBAdapter['findMany']>[0]) => {
    if (!isSessionModel(input.model)) return original.findMany(input);
    const raw = new Map<string, string>();
    const rows = await original.findMany({ ...input, where: hashWhere(input.where, raw) });
    return rows.map((row) => restore(row, raw));
  };
  self.count = async (input: Parameters<DBAdapter['count']>[0]) =>
    isSessionModel(input.model) ? original.count({ ...input, where: hashWhere(input.where, new Map()) }) : original.count(input);
  self.update = async (input: Parameters<DBAdapter['update']>[0]) => {
    if (!isSessionModel(input.model)) return original.update(input);
    const raw = new Map<string, string>();
    const where = hashWhere(input.where, raw)!;
    return restore(await original.update({ ...input, where, update: hashData(input.update, raw) }), raw);
  };
  self.updateMany = async (input: Parameters<DBAdapter['updateMany']>[0]) =>
    isSessionModel(input.model)
      ? original.updateMany({ ...input, where: hashWhere(input.where, new Map())!, update: hashData(input.update, new Map()) })
      : original.updateMany(input);
  self.delete = async (input: Parameters<DBAdapter['delete']>[0]) =>
    isSessionModel(input.model) ? original.delete({ ...input, where: hashWhere(input.where, new Map())! }) : original.delete(input);
  self.deleteMany = async (input: Parameters<DBAdapter['deleteMany']>[0]) =>
    isSessionModel(input.model) ? original.deleteMany({ ...input, where: hashWhere(input.where, new Map())! }) : original.deleteMany(input);
  if (original.consumeOne) {
    self.consumeOne = async (input: Parameters<DBAdapter['consumeOne']>[0]) => {
      if (!isSessionModel(input.model)) return original.consumeOne(input);
      const raw = new Map<string, string>();
      return restore(await original.consumeOne({ ...input, where: hashWhere(input.where, raw)! }), raw);
    };
  }
  if (original.incrementOne) {
    self.incrementOne = async (input: Parameters<DBAdapter['incrementOne']>[0]) => {
      if (!isSessionModel(input.model)) return original.incrementOne(input);
      const raw = new Map<string, string>();
      return restore(await original.incrementOne({ ...input, where: hashWhere(input.where, raw)! }), raw);
    };
  }
  // A transaction hands its callback another adapter: it must hash too.
  self.transaction = <R>(callback: (transaction: DBAdapter) => Promise<R>) =>
    // eslint-disable-next-line server-conventions/sql-in-repos -- Better Auth's adapter, not Kysely: it runs no SQL of ours
    original.transaction((transaction) => {
      storeSessionTokensHashed(transaction as DBAdapter);
      return callback(transaction as DBAdapter);
    });
}
