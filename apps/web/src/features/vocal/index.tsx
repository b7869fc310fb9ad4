import { BeingBuilt } from "@/components/BeingBuilt";

export function VocalDetectorPage() {
  return <BeingBuilt title="Vocal Scale Detector" />;
}
