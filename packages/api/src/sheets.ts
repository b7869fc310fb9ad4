/**
 * Chord sheets (issue 30): a signed-in user's corrected version of a song's chords, shared read-only
 * links to it, and the edits kept as data. The sheet's shape and its edit operations live in
 * `@tonic/theory` (`sheet.ts`); these schemas check what crosses the network.
 */
import {
  isChordLabel,
  MAX_CHORD_LABEL_LENGTH,
  MAX_SHEET_BARS,
  SHEET_BPM_RANGE,
  SHEET_METERS,
  sheetProblem,
} from "@tonic/theory";
import * as z from "zod/mini";
import { IsoTime } from "./common.js";

/** Most beats a sheet may hold: {@link MAX_SHEET_BARS} bars of the longest meter (6 beats) and a pickup. */
export const MAX_SHEET_BEATS = MAX_SHEET_BARS * 6;
/** Most edits one save may carry. */
export const MAX_EDITS_PER_SAVE = 500;
/** Longest song a sheet may describe, seconds (4 hours). */
export const MAX_SHEET_SECONDS = 4 * 3600;

/** A chord label of the sheet grammar ("A#m7/F", "C", "N"); see `normalizeChordLabel`. */
export const ChordLabel = z
  .string()
  .check(
    z.maxLength(MAX_CHORD_LABEL_LENGTH),
    z.refine(isChordLabel, { error: "must be a chord name like C, Am, G7 or A#m7/F, or N for no chord" }),
  );

/** A sheet's key, "A# Minor" style (sharps), or null. */
export const SheetKey = z.nullable(z.string().check(z.regex(/^[A-G]#? (Major|Minor)$/)));

/** One chord change of a sheet. */
export const SheetChange = z.object({
  beat: z.number().check(z.int(), z.nonnegative(), z.lt(MAX_SHEET_BEATS)),
  chord: ChordLabel,
});

/**
 * A chord sheet (`ChordSheet` of `@tonic/theory`): beats (seconds), the first downbeat, the meter, the key and
 * the chord changes. Beyond each field's own check, the whole sheet must pass `sheetProblem` (ascending
 * beats, at most 2,000 bars, changes from beat 0 on beats of the sheet); its message names the field.
 */
export const ChordSheet = z
  .object({
    key: SheetKey,
    meter: z.enum(SHEET_METERS),
    bpm: z.nullable(z.number().check(z.positive(), z.lte(SHEET_BPM_RANGE.max))),
    beats: z
      .array(z.number().check(z.nonnegative(), z.lte(MAX_SHEET_SECONDS)))
      .check(z.minLength(1), z.maxLength(MAX_SHEET_BEATS)),
    downbeat: z.number().check(z.int(), z.nonnegative(), z.lt(6)),
    changes: z.array(SheetChange).check(z.minLength(1), z.maxLength(MAX_SHEET_BEATS)),
    durationSeconds: z.number().check(z.nonnegative(), z.lte(MAX_SHEET_SECONDS)),
  })
  .check(
    z.superRefine((sheet, ctx) => {
      const problem = sheetProblem(sheet, isChordLabel);
      if (problem) ctx.issues.push({ code: "custom", message: problem, input: sheet });
    }),
  );
export type ChordSheet = z.infer<typeof ChordSheet>;

/** One edit, as data (`SheetEdit` of `@tonic/theory`). */
export const SheetEdit = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("chords"),
    from: z.number().check(z.int(), z.nonnegative(), z.lt(MAX_SHEET_BEATS)),
    to: z.number().check(z.int(), z.nonnegative(), z.lt(MAX_SHEET_BEATS)),
    before: z.array(SheetChange).check(z.maxLength(MAX_SHEET_BEATS)),
    after: z.array(SheetChange).check(z.maxLength(MAX_SHEET_BEATS)),
  }),
  z.object({ kind: z.literal("key"), before: SheetKey, after: SheetKey }),
  z.object({ kind: z.literal("meter"), before: z.enum(SHEET_METERS), after: z.enum(SHEET_METERS) }),
  z.object({
    kind: z.literal("downbeat"),
    before: z.number().check(z.int(), z.nonnegative(), z.lt(6)),
    after: z.number().check(z.int(), z.nonnegative(), z.lt(6)),
  }),
  z.object({
    kind: z.literal("tempo"),
    before: z.number().check(z.positive(), z.lte(SHEET_BPM_RANGE.max)),
    after: z.number().check(z.positive(), z.lte(SHEET_BPM_RANGE.max)),
  }),
]);
export type SheetEdit = z.infer<typeof SheetEdit>;

/** A shared read-only link to a version. `url` is the path `/sheet/{id}`. */
export const SheetShare = z.object({ id: z.string(), url: z.string() });
export type SheetShare = z.infer<typeof SheetShare>;

/**
 * A user's version of a song. `revision` counts saves (1 for the first); a save always keeps the later
 * sheet, and a tab that sees a higher revision than it saved knows another tab replaced its version.
 */
export const SheetVersion = z.object({
  videoId: z.string(),
  revision: z.number().check(z.int(), z.positive()),
  updatedAt: IsoTime,
  /** The engine that made the analysis this version corrects. */
  engineVersion: z.string(),
  sheet: ChordSheet,
  share: z.nullable(SheetShare),
});
export type SheetVersion = z.infer<typeof SheetVersion>;

/**
 * `GET /api/songs/:videoId/my-version`: the signed-in user's version (null when none), and whether they
 * may edit this song now (a FREE user edits one song a UTC day; PAID unlimited).
 */
export const MyVersionResponse = z.object({
  version: z.nullable(SheetVersion),
  canEdit: z.boolean(),
});
export type MyVersionResponse = z.infer<typeof MyVersionResponse>;

/**
 * `PUT /api/songs/:videoId/my-version`: the whole sheet, the revision the tab last saw (null: none) and
 * the edits since its last save.
 */
export const SaveVersionRequest = z.object({
  sheet: ChordSheet,
  baseRevision: z.nullable(z.number().check(z.int(), z.nonnegative())),
  edits: z.array(SheetEdit).check(z.maxLength(MAX_EDITS_PER_SAVE)),
});
export type SaveVersionRequest = z.infer<typeof SaveVersionRequest>;

/** `PUT /api/songs/:videoId/my-version` answer; `replaced` is true when it replaced a later save from another tab. */
export const SaveVersionResponse = z.object({ version: SheetVersion, replaced: z.boolean() });
export type SaveVersionResponse = z.infer<typeof SaveVersionResponse>;

/** `POST /api/songs/:videoId/my-version/share` answer (the existing link when there is one). */
export const ShareResponse = z.object({ share: SheetShare });
export type ShareResponse = z.infer<typeof ShareResponse>;

/** `GET /api/sheets/:id`: a shared version as anyone sees it (never the owner's e-mail). */
export const SharedSheet = z.object({
  id: z.string(),
  videoId: z.string(),
  title: z.string(),
  thumbnail: z.nullable(z.string()),
  /** Local audio (demo songs); null = the YouTube video. */
  audioUrl: z.nullable(z.string()),
  updatedAt: IsoTime,
  sheet: ChordSheet,
});
export type SharedSheet = z.infer<typeof SharedSheet>;

export const SharedSheetResponse = z.object({ sheet: SharedSheet });
export type SharedSheetResponse = z.infer<typeof SharedSheetResponse>;

/** The refusal of a save by a FREE user who already edited another song today (403). */
export const EditLimitRefusal = z.object({ error: z.string(), reason: z.literal("edit-limit") });
export type EditLimitRefusal = z.infer<typeof EditLimitRefusal>;

/** What a FREE user reads at the editing limit. */
export const EDIT_LIMIT_MESSAGE =
  "Free accounts can correct the chords of one song a day. Upgrade to Premium to edit every song.";

/** Songs a FREE user may edit a UTC day (issue 30); PAID users are unlimited. */
export const FREE_DAILY_EDITED_SONGS = 1;
