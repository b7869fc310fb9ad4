export { PremiumPage } from "./components/PremiumPage";
export { PremiumTab } from "./components/PremiumTab";
