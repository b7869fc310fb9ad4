import "@/styles/indic-fonts.css";

export { BlogPage } from "./components/BlogPage";
export { BlogPostPage } from "./components/BlogPostPage";
