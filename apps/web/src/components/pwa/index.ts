export { PwaPrompts, UPDATE_MESSAGE } from "./PwaPrompts";
