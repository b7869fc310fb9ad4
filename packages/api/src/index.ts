/**
 * `@tonic/api`: the HTTP contract of Tonic. Every request and response body is a zod schema here;
 * the server validates requests and serialises responses with them, and the web app parses every
 * response with them, so neither side keeps a hand-written copy of the other's types.
 */
import "./locale.js";

export * from "./account.js";
export * from "./blog.js";
export * from "./common.js";
export * from "./constants.js";
export * from "./course.js";
export * from "./info.js";
export * from "./payments.js";
export * from "./practice.js";
export * from "./sheets.js";
export * from "./songs.js";
export * from "./vocal.js";
