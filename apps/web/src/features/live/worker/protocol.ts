import type { LiveKey, TunerInstrument, TunerReading } from "@tonic/analysis";

/** Main thread → live worker. */
export type LiveWorkerRequest =
  | { type: "start"; sampleRate: number; a4Hz: number }
  | { type: "audio"; samples: Float32Array }
  | { type: "tuner"; on: boolean; instrument: TunerInstrument; a4Hz: number }
  | { type: "reset-key" };

/** Worker → main thread: sent after every block that produced a frame. */
export type LiveWorkerMessage =
  | { type: "ready" }
  | {
      type: "update";
      /** Displayed chord ("N" = no chord) after the block, and whether it changed during it. */
      chord: string;
      changed: boolean;
      confidence: number;
      key: LiveKey | null;
      /** Undefined: the tuner made no new frame; null: no pitch heard. */
      tuner: TunerReading | null | undefined;
      /** Stream time of the last chord frame, seconds of audio since the stream began; null when the block
       * made only a tuner frame (then `chord` is not a new decision). */
      time: number | null;
      /** The music's tuning relative to A4 as the chord path follows it, cents (0 within ±15). */
      tuningCents: number;
      /** Whether the microphone hears the instrument too quietly for Live to follow it (`isQuietInput`). */
      quietInput: boolean;
    }
  | { type: "error"; message: string };
