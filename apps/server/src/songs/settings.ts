import { loadConfig } from "../config.js";
import type { ToolPaths } from "../jobs/tools.js";

/** Settings of the songs area (defaults come from the environment, see `.env.example`). */
export interface SongsSettings {
  youtubeKeys: string[];
  youtubeBaseUrl: string;
  /** `{id}` is replaced by the video id. */
  watchUrlTemplate: string;
  tools: ToolPaths;
  /** Work jobs in this process (in-process queue, or a pg-boss worker with PostgreSQL). */
  workInServer: boolean;
  concurrency: number;
  timeoutSeconds: number;
  /** PostgreSQL URL for pg-boss (main.ts passes DATABASE_URL); absent = in-process queue. */
  queueDatabaseUrl?: string;
  /** Queued or running analyses one user may have at once (default 3; issue 15). */
  maxActiveJobsPerUser?: number;
  /** Folder for rendered demo audio (default DATA_DIR/demo-audio). */
  demoAudioDir: string;
}

/** Reads the songs settings from the environment (validated by `loadConfig`). */
export function songsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SongsSettings {
  const c = loadConfig(env);
  return {
    youtubeKeys: c.YOUTUBE_API_KEYS,
    youtubeBaseUrl: c.YOUTUBE_API_BASE_URL,
    watchUrlTemplate: c.YOUTUBE_WATCH_URL_TEMPLATE,
    tools: { ytDlp: c.YT_DLP_PATH, ffmpeg: c.FFMPEG_PATH },
    workInServer: c.ANALYSIS_IN_SERVER,
    concurrency: c.ANALYSIS_CONCURRENCY,
    timeoutSeconds: c.ANALYSIS_TIMEOUT_SECONDS,
    // pg-boss only when the caller says so (main.ts passes DATABASE_URL): test apps on throw-away
    // schemas keep the in-process queue.
    queueDatabaseUrl: undefined,
    demoAudioDir: `${c.DATA_DIR}/demo-audio`,
  };
}
