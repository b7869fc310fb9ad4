import { AuthScreen } from "@/features/auth";
import { ContactForm, InfoTab } from "@/features/info";
import { PremiumTab } from "@/features/premium";
import { SettingsPage } from "@/features/settings";

/** /settings composed from its features: the auth screen, pricing, contact form and policy pages. */
export function SettingsRoute() {
  return (
    <SettingsPage
      signedOut={<AuthScreen />}
      premium={<PremiumTab />}
      contact={<ContactForm />}
      info={<InfoTab />}
    />
  );
}
