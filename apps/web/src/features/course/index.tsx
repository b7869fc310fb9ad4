export { LearnPage } from "./components/LearnPage";
export { LessonPage } from "./components/LessonPage";
