export { BlogPage } from "./components/BlogPage";
export { BlogPostPage } from "./components/BlogPostPage";
