export { PianoPage } from "./components/PianoPage";
