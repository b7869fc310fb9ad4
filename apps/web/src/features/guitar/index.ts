export { GuitarPage } from "./components/GuitarPage";
