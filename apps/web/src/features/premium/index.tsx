export { PremiumPage } from "./components/PremiumPage";
