export { SearchPage } from "./components/SearchPage";
export { SharedSheetPage } from "./components/SharedSheetPage";
