export { LivePage } from "./components/LivePage";
