import { BeingBuilt } from "@/components/BeingBuilt";

export function SongExplorerPage() {
  return <BeingBuilt title="Explore Songs with the Same Scale" />;
}
