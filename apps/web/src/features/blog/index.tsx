import { BeingBuilt } from "@/components/BeingBuilt";

export function BlogPage() {
  return <BeingBuilt title="Latest Blog Posts" />;
}

export function BlogPostPage() {
  return <BeingBuilt title="Blog Post" />;
}
