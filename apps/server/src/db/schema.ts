import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column (yyyy-mm-dd), read and written as a string. */
type DateOnly = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

export type UserType = "FREE" | "PAID";

/** SPEC §3 profiles. `id` is the auth user's id. */
export interface ProfilesTable {
  id: string;
  username: string;
  user_type: ColumnType<UserType, UserType | undefined, UserType>;
  subscription_end_date: DateOnly | null;
  created_at: Timestamp;
  profile_picture_url: string | null;
}

/** SPEC §3 song_analysis_usage: one row per user and UTC date. */
export interface SongAnalysisUsageTable {
  user_id: string;
  date: DateOnly;
  count: ColumnType<number, number | undefined, number>;
}

/** One chord of a song's timeline (SPEC §3 songs.chords). */
export interface SongChord {
  time: number;
  chord: string;
}

/** SPEC §3 songs. `duration` is in minutes. */
export interface SongsTable {
  id: Generated<string>;
  video_id: string;
  title: string;
  thumbnail: string | null;
  duration: number | null;
  key: string;
  bpm: number;
  chords: Json<SongChord[]>;
  language: ColumnType<string, string | undefined, string>;
  last_accessed: Timestamp;
  created_at: Timestamp;
}

export interface LessonSection {
  title: string;
  type: "text";
  content: string;
  images: string[];
}

/** SPEC §3 learning_concepts. */
export interface LearningConceptsTable {
  id: Generated<string>;
  slug: string;
  title: string;
  description: string;
  course_day: number;
  order_index: number;
  video_provider: "youtube" | "vimeo" | "drive" | null;
  video_provider_id: string | null;
  content: Json<{ sections: LessonSection[] }>;
}

/** SPEC §3 concept_progress: unique per user and concept. */
export interface ConceptProgressTable {
  user_id: string;
  concept_id: string;
  last_viewed: Timestamp;
}

/** SPEC §3 blog_posts. */
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

/** SPEC §3 contact_messages. */
export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

export interface Database {
  profiles: ProfilesTable;
  song_analysis_usage: SongAnalysisUsageTable;
  songs: SongsTable;
  learning_concepts: LearningConceptsTable;
  concept_progress: ConceptProgressTable;
  blog_posts: BlogPostsTable;
  contact_messages: ContactMessagesTable;
}

export type Song = Selectable<SongsTable>;
export type NewSong = Insertable<SongsTable>;
export type Profile = Selectable<ProfilesTable>;
