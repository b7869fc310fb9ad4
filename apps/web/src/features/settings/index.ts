export { SettingsPage } from "./components/SettingsPage";
