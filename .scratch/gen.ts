import { Kysely, SqliteDialect, PostgresDialect } from "kysely";
import Database from "better-sqlite3";
import pg from "pg";
import { getMigrations } from "better-auth/db/migration";
const opts = (db: any, type: any) => ({
  database: { db, type },
  emailAndPassword: { enabled: true },
  user: { modelName: "users", fields: { emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at", image: "avatar_key" },
    additionalFields: {
      firstName: { type: "string", fieldName: "first_name", required: false, defaultValue: "", input: false },
      role: { type: "string", required: false, defaultValue: "customer", input: false },
      active: { type: "boolean", required: false, defaultValue: true, input: false },
    } },
  session: { modelName: "sessions", fields: { userId: "user_id", expiresAt: "expires_at", ipAddress: "ip_address", userAgent: "user_agent", createdAt: "created_at", updatedAt: "updated_at" } },
  account: { modelName: "accounts", fields: { userId: "user_id", accountId: "account_id", providerId: "provider_id", accessToken: "access_token", refreshToken: "refresh_token", idToken: "id_token", accessTokenExpiresAt: "access_token_expires_at", refreshTokenExpiresAt: "refresh_token_expires_at", createdAt: "created_at", updatedAt: "updated_at" } },
  verification: { modelName: "verifications", fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" } },
});
const s = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
console.log((await getMigrations(opts(s, "sqlite") as any)).compileMigrations ? await (await getMigrations(opts(s, "sqlite") as any)).compileMigrations() : "");
const p = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: "postgres://postgres@127.0.0.1:5432/test" }) }) });
console.log(await (await getMigrations(opts(p, "postgres") as any)).compileMigrations());
await p.destroy();
