/** User-facing messages of the Live screen. */
export const MSG_DENIED =
  "Tonic can't use your microphone. Allow microphone access for this site in your browser, then tap Start listening again.";
export const MSG_NO_MIC =
  "No microphone found. Connect or switch on a microphone, then tap Start listening again.";
export const MSG_UNSUPPORTED =
  "This browser can't listen live. Try a recent Chrome, Edge, Firefox or Safari.";
export const MSG_FAILED = "Listening stopped because of an error. Tap Start listening to try again.";
