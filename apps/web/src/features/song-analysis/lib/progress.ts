/** The stages of PRODUCT §4 "Analysis progress". */
export type LinkStage = "checking" | "analyzing" | "complete" | "error";

/** A job's server-side state (issue 6). */
export type JobState = "queued" | "downloading" | "analysing" | "done" | "failed";

/** PRODUCT §9: the cache check grows 2 % every 50 ms up to 30 %. */
export const CHECK_STEP = { percent: 2, everyMs: 50, upTo: 30 } as const;
/** PRODUCT §9: the analysis grows 1 % every 200 ms up to 90 %. */
export const ANALYZE_STEP = { percent: 1, everyMs: 200, upTo: 90 } as const;

/**
 * The animated floor of the progress bar (PRODUCT §9) after `msInStage` milliseconds in `stage`.
 * @returns percent 0..100.
 */
export function animatedFloor(stage: LinkStage, msInStage: number): number {
  const ms = Math.max(0, msInStage);
  if (stage === "complete" || stage === "error") return 100;
  if (stage === "checking")
    return Math.min(CHECK_STEP.upTo, CHECK_STEP.percent * Math.floor(ms / CHECK_STEP.everyMs));
  return Math.min(
    ANALYZE_STEP.upTo,
    CHECK_STEP.upTo + ANALYZE_STEP.percent * Math.floor(ms / ANALYZE_STEP.everyMs),
  );
}

/**
 * What the progress bar shows: the job's real progress mapped onto the analyzing band (30–90 %), never
 * below the animated floor; complete and error end at 100 % (PRODUCT §4).
 * @param jobProgress the job's 0..1 progress, or null before a job exists.
 * @returns percent 0..100, whole.
 */
export function displayedProgress(stage: LinkStage, msInStage: number, jobProgress: number | null): number {
  const floor = animatedFloor(stage, msInStage);
  if (stage !== "analyzing" || jobProgress === null) return floor;
  const real =
    CHECK_STEP.upTo + (ANALYZE_STEP.upTo - CHECK_STEP.upTo) * Math.min(1, Math.max(0, jobProgress));
  return Math.round(Math.min(ANALYZE_STEP.upTo, Math.max(floor, real)));
}

/** The label under the bar for a stage and, while analyzing, the job's state. */
export function stageLabel(stage: LinkStage, jobState: JobState | null): string {
  if (stage === "checking") return "Checking our song library…";
  if (stage === "complete") return "Analysis complete";
  if (stage === "error") return "Analysis failed";
  switch (jobState) {
    case "queued":
      return "Waiting for an analysis worker…";
    case "downloading":
      return "Downloading the audio…";
    case "analysing":
      return "Finding the key, tempo and chords…";
    default:
      return "Starting the analysis…";
  }
}
