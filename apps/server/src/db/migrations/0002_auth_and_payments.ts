import { type Kysely, sql } from "kysely";

/**
 * Accounts, tiers and payments (issue 5):
 * - better-auth's tables for its Kysely adapter (`auth_users`, `auth_sessions`, `auth_accounts`,
 *   `auth_verifications`, `auth_jwks`; column names are better-auth's own camelCase ones, generated
 *   with better-auth's `getMigrations` for these model names and then frozen here);
 * - `song_analysis_videos`: which videos were counted for a user on a UTC date, so one video counts once
 *   (PRODUCT §4 "Song analysis gating");
 * - `payment_orders` and `payments`: orders created by the server (the amount is the server's) and
 *   verified payments keyed by the provider's payment id, which makes verification idempotent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table "auth_users" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null)`,
    sql`create table "auth_sessions" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text, "userId" text not null references "auth_users" ("id") on delete cascade)`,
    sql`create table "auth_accounts" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "auth_users" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null)`,
    sql`create table "auth_verifications" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null)`,
    sql`create table "auth_jwks" ("id" text not null primary key, "publicKey" text not null, "privateKey" text not null, "createdAt" timestamptz not null, "expiresAt" timestamptz, "alg" text, "crv" text)`,
    sql`create index "auth_sessions_userId_idx" on "auth_sessions" ("userId")`,
    sql`create index "auth_accounts_userId_idx" on "auth_accounts" ("userId")`,
    sql`create index "auth_verifications_identifier_idx" on "auth_verifications" ("identifier")`,
    sql`create table song_analysis_videos (
      user_id text not null references profiles (id) on delete cascade,
      date date not null,
      video_id text not null,
      created_at timestamptz not null default now(),
      constraint song_analysis_videos_pk primary key (user_id, date, video_id))`,
    sql`create table payment_orders (
      order_id text primary key,
      user_id text not null references profiles (id) on delete cascade,
      plan_id text not null check (plan_id in ('monthly', 'yearly')),
      currency text not null check (currency in ('INR', 'USD')),
      amount integer not null check (amount > 0),
      mode text not null check (mode in ('razorpay', 'test')),
      created_at timestamptz not null default now())`,
    sql`create index payment_orders_user_idx on payment_orders (user_id)`,
    sql`create table payments (
      payment_id text primary key,
      order_id text not null unique references payment_orders (order_id),
      user_id text not null references profiles (id) on delete cascade,
      plan_id text not null,
      currency text not null,
      amount integer not null,
      source text not null check (source in ('verify', 'webhook')),
      subscription_end_date date not null,
      created_at timestamptz not null default now())`,
  ];
  for (const s of statements) await s.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "payments",
    "payment_orders",
    "song_analysis_videos",
    "auth_jwks",
    "auth_verifications",
    "auth_accounts",
    "auth_sessions",
    "auth_users",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
