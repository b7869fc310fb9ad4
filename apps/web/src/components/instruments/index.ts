export { type InstrumentExample, parseExample, type ResolvedExample, resolveExample } from "./example";
export { MiniFretboard } from "./MiniFretboard";
export { MiniPiano } from "./MiniPiano";
