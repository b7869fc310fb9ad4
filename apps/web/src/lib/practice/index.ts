export {
  answerItem,
  isDue,
  isLearned,
  type PracticeItem,
  type PracticeSkill,
  type SkillProgress,
  summarise,
} from "./schedule";
export { syncPractice, usePracticeStore } from "./store";
export { usePracticeSync } from "./usePracticeSync";
