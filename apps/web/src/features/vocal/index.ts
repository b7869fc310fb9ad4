export { VocalDetectorPage } from "./components/VocalDetectorPage";
