import "@/styles/indic-fonts.css";

export { SongExplorerPage } from "./components/SongExplorerPage";
