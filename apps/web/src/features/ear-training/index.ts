export { EarTrainingPage } from "./components/EarTrainingPage";
