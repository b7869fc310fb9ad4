export { SongExplorerPage } from "./components/SongExplorerPage";
