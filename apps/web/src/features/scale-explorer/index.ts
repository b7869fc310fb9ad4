export { ScaleExplorerPage } from "./components/ScaleExplorerPage";
