/** Recording length with countdown, seconds (SPEC §9). */
export const RECORD_SECONDS = 30;
/** Idle time after stopping before the recording is analysed, ms (SPEC §9: lets the last audio blocks arrive). */
export const IDLE_MS = 500;
/** AnalyserNode FFT size for the live waveform and pitch readout (SPEC §9). */
export const FFT_SIZE = 2048;

export const MSG_MIC = "Unable to access microphone. Please grant permission.";
export const MSG_ANALYSIS = "Error analyzing audio";
export const MSG_NO_SCALE = "Unable to detect scale";
