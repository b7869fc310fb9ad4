import { BeingBuilt } from "@/components/BeingBuilt";

export function LearnPage() {
  return <BeingBuilt title="Learn" />;
}

export function LessonPage() {
  return <BeingBuilt title="Lesson" />;
}
