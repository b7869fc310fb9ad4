import { BeingBuilt } from "@/components/BeingBuilt";

export function AuthPage() {
  return <BeingBuilt title="Welcome to Tonic" />;
}

export function AuthCallbackPage() {
  return <BeingBuilt title="Signing you in" />;
}
