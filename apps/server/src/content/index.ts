export { type ContentSet, loadContent, resolveContentDir } from "./load.js";
export { ContentError, type ParsedLesson, type ParsedPost, parseLesson, parsePost } from "./parse.js";
export { type SeedResult, seedContent } from "./seed.js";
