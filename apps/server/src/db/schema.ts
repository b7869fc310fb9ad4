import type { ChordSheet, SheetEdit } from "@tonic/api";
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column (yyyy-mm-dd), read and written as a string. */
type DateOnly = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

export type UserType = "FREE" | "PAID";

/** PRODUCT §3 profiles. `id` is the auth user's id. */
export interface ProfilesTable {
  id: string;
  username: string;
  /** NFKC, lower-cased username (unique; null only for clashing rows older than migration 0007). */
  username_key: ColumnType<string | null, string | null | undefined, string | null>;
  user_type: ColumnType<UserType, UserType | undefined, UserType>;
  subscription_end_date: DateOnly | null;
  created_at: Timestamp;
  profile_picture_url: string | null;
}

/** PRODUCT §3 song_analysis_usage: one row per user and UTC date. */
export interface SongAnalysisUsageTable {
  user_id: string;
  date: DateOnly;
  count: ColumnType<number, number | undefined, number>;
}

/** One chord of a song's timeline (PRODUCT §3 songs.chords). */
export interface SongChord {
  time: number;
  chord: string;
}

/** PRODUCT §3 songs. `duration` is in minutes. */
export interface SongsTable {
  id: Generated<string>;
  video_id: string;
  title: string;
  thumbnail: string | null;
  duration: number | null;
  key: string;
  /** Null when the engine found no steady beat (migration 0006). */
  bpm: number | null;
  chords: Json<SongChord[]>;
  language: ColumnType<string, string | undefined, string>;
  last_accessed: Timestamp;
  created_at: Timestamp;
  /** Beats, downbeats, segments and time signature from the engine (migration 0003); null for old rows. */
  analysis: ColumnType<SongAnalysisExtra | null, string | null | undefined, string | null>;
  /** Where the audio came from (watch link, or the local demo audio path); migration 0003. */
  source_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The engine's extra results kept with a song (issue 6). Times in seconds. */
export interface SongAnalysisExtra {
  beats: number[];
  downbeats: number[];
  segments: { start: number; end: number; chord: string; confidence: number }[];
  timeSignature: string | null;
  durationSeconds: number;
  keyConfidence: number;
  /** `ENGINE_VERSION` of `@tonic/analysis` that made this analysis; absent for rows stored before issue 30. */
  engineVersion?: string;
}

/** State of a song analysis job (issue 6). */
export type SongJobState = "queued" | "downloading" | "analysing" | "done" | "failed";

/** Song analysis jobs (migration 0003): the shared state of the job queue. */
export interface SongJobsTable {
  id: Generated<string>;
  video_id: string;
  state: ColumnType<SongJobState, SongJobState | undefined, SongJobState>;
  /** 0..1 */
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  /** User ids whose daily analysis was counted for this job (refunded when it fails). */
  requesters: ColumnType<string[], string | undefined, string>;
  attempts: ColumnType<number, number | undefined, number>;
  worker: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface LessonSection {
  title: string;
  type: "text";
  content: string;
  images: string[];
}

/** One quiz question of a lesson (stored in learning_concepts.content; `answer` indexes `choices`). */
export interface LessonQuizQuestion {
  question: string;
  choices: string[];
  answer: number;
  explanation: string;
}

/** PRODUCT §3 learning_concepts. */
/** PRODUCT §3, §15: the learning paths of learning_concepts. */
export type LearningPath = "course" | "indian-basics";

export interface LearningConceptsTable {
  id: Generated<string>;
  slug: string;
  title: string;
  description: string;
  /** Which learning path (migration 0010): the Premium course or the free Indian music basics. */
  path: Generated<LearningPath>;
  /** The lesson's number within its path (unique per path). */
  course_day: number;
  order_index: number;
  video_provider: "youtube" | "vimeo" | "drive" | null;
  video_provider_id: string | null;
  content: Json<{ sections: LessonSection[]; quiz?: LessonQuizQuestion[] }>;
}

/** PRODUCT §3 concept_progress: unique per user and concept. */
export interface ConceptProgressTable {
  user_id: string;
  concept_id: string;
  last_viewed: Timestamp;
}

/** Issue 16 practice_items: a learner's spaced-repetition state per practice item. */
export interface PracticeItemsTable {
  user_id: string;
  /** "<skill>:<answer id>" for ear training, "quiz:<lesson slug>:<question index>" for quizzes. */
  item_id: string;
  skill: string;
  attempts: ColumnType<number, number | undefined, number>;
  correct: ColumnType<number, number | undefined, number>;
  due: Timestamp;
  /** The FSRS card (ts-fsrs `Card` with dates as ISO strings), opaque to the server. */
  card: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

/** Issue 30 sheet_versions: a user's corrected chord sheet of a song (one per user and video). */
export interface SheetVersionsTable {
  id: Generated<string>;
  user_id: string;
  video_id: string;
  /** Saves so far (1 for the first). */
  revision: number;
  /** The engine whose analysis the version corrects (`ENGINE_VERSION`), "unknown" for older songs. */
  engine_version: string;
  /** Checked with the `ChordSheet` contract of `@tonic/api` before it is written. */
  sheet: Json<ChordSheet>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Issue 30 sheet_links: a shared read-only link to a version; `id` is a random base64url token. */
export interface SheetLinksTable {
  id: string;
  version_id: string;
  created_at: Timestamp;
}

/** What an edit held before and after (`SheetEdit` of `@tonic/api`, by kind). */
export type SheetEditValue = SheetEdit["before"];

/** Issue 30 sheet_edits: one edit of a chord sheet as data (beat range for `chords` edits only). */
export interface SheetEditsTable {
  id: Generated<string>;
  user_id: string;
  video_id: string;
  engine_version: string;
  kind: SheetEdit["kind"];
  beat_from: number | null;
  beat_to: number | null;
  before: Json<SheetEditValue>;
  after: Json<SheetEditValue>;
  created_at: Timestamp;
}

/** Issue 30 sheet_edit_days: the songs a user edited on a UTC date (FREE users: one a day). */
export interface SheetEditDaysTable {
  user_id: string;
  date: DateOnly;
  video_id: string;
}

/** PRODUCT §3 blog_posts. */
export interface BlogPostsTable {
  id: Generated<string>;
  slug: string;
  title: string;
  subject: string;
  description: string;
  language: string;
  youtube_url: string | null;
  created_at: Timestamp;
}

/** PRODUCT §3 contact_messages. */
export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

/** Analytics events (PRODUCT §7 "Other"): no personal data, see migration 0005. */
export interface AnalyticsEventsTable {
  id: Generated<string>;
  name: string;
  path: string;
  referrer_host: string | null;
  props: Json<Record<string, string | number | boolean>>;
  created_at: Timestamp;
}

/** better-auth's user model (migration 0002; camelCase columns are better-auth's own). */
export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** better-auth's session model. */
export interface AuthSessionsTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

/** Videos counted against a user's daily analysis limit on a UTC date (one count per video). */
export interface SongAnalysisVideosTable {
  user_id: string;
  date: DateOnly;
  video_id: string;
  created_at: Timestamp;
}

export type PlanId = "monthly" | "yearly";
export type PlanCurrency = "INR" | "USD";

/** Orders created by the server; `amount` is in minor units (paise / cents) and is the server's. */
export interface PaymentOrdersTable {
  order_id: string;
  user_id: string;
  plan_id: PlanId;
  currency: PlanCurrency;
  amount: number;
  mode: "razorpay" | "test";
  created_at: Timestamp;
}

/** Verified payments, keyed by the provider's payment id (idempotent activation). */
export interface PaymentsTable {
  payment_id: string;
  order_id: string;
  user_id: string;
  plan_id: PlanId;
  currency: PlanCurrency;
  amount: number;
  source: "verify" | "webhook";
  subscription_end_date: DateOnly;
  created_at: Timestamp;
}

export interface Database {
  profiles: ProfilesTable;
  server_heartbeat: { id: number; at: Timestamp };
  auth_users: AuthUsersTable;
  auth_sessions: AuthSessionsTable;
  song_analysis_videos: SongAnalysisVideosTable;
  payment_orders: PaymentOrdersTable;
  payments: PaymentsTable;
  song_analysis_usage: SongAnalysisUsageTable;
  songs: SongsTable;
  learning_concepts: LearningConceptsTable;
  concept_progress: ConceptProgressTable;
  practice_items: PracticeItemsTable;
  sheet_versions: SheetVersionsTable;
  sheet_links: SheetLinksTable;
  sheet_edits: SheetEditsTable;
  sheet_edit_days: SheetEditDaysTable;
  blog_posts: BlogPostsTable;
  contact_messages: ContactMessagesTable;
  analytics_events: AnalyticsEventsTable;
  song_jobs: SongJobsTable;
}

export type Song = Selectable<SongsTable>;
export type NewSong = Insertable<SongsTable>;
export type SongJob = Selectable<SongJobsTable>;
export type Profile = Selectable<ProfilesTable>;
