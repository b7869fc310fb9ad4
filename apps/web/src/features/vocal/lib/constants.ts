/** Recording length with countdown, seconds (PRODUCT §9). */
export const RECORD_SECONDS = 30;
/** Idle time after stopping before the recording is analysed, ms (PRODUCT §9: lets the last audio blocks arrive). */
export const IDLE_MS = 500;
/** AnalyserNode FFT size for the live waveform and pitch readout (PRODUCT §9). */
export const FFT_SIZE = 2048;

export const MSG_MIC = "Unable to access microphone. Please grant permission.";
/** No audio input device at all (getUserMedia NotFoundError / OverconstrainedError, or no API). */
export const MSG_NO_MIC =
  "No microphone found. Connect a microphone (or use a device that has one) and try again.";

/**
 * The message for a failed getUserMedia: a missing device is told apart from a refused permission.
 *
 * Parameters
 * ----------
 * err : unknown
 *     What getUserMedia rejected with (a DOMException by name), or anything else.
 */
export function microphoneErrorMessage(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : "";
  return name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError"
    ? MSG_NO_MIC
    : MSG_MIC;
}
export const MSG_ANALYSIS = "Error analyzing audio";
export const MSG_NO_SCALE = "Unable to detect scale";
