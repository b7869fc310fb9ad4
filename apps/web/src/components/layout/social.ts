/** A Tonic account on a social network, shown in the footer. */
export interface SocialLink {
  label: string;
  href: string;
}

/** The networks the footer can link to, the build variable that holds each profile URL, and its hosts. */
const NETWORKS = [
  { label: "YouTube", env: "VITE_SOCIAL_YOUTUBE_URL", hosts: ["youtube.com", "www.youtube.com"] },
  { label: "Instagram", env: "VITE_SOCIAL_INSTAGRAM_URL", hosts: ["instagram.com", "www.instagram.com"] },
  { label: "X", env: "VITE_SOCIAL_X_URL", hosts: ["x.com", "twitter.com", "www.twitter.com"] },
] as const;

/** The build variables {@link socialLinks} reads. */
export type SocialEnv = Partial<Record<(typeof NETWORKS)[number]["env"], string | undefined>>;

/**
 * The footer's social links: only the profiles configured at build time (`VITE_SOCIAL_*_URL`), each an
 * https URL on its network with a path (a profile, never the network's home page). None configured: none
 * shown.
 */
export function socialLinks(env: SocialEnv): SocialLink[] {
  return NETWORKS.flatMap(({ label, env: name, hosts }) => {
    const raw = env[name]?.trim();
    if (!raw) return [];
    try {
      const url = new URL(raw);
      const profile = url.pathname.replace(/\/+$/, "");
      if (url.protocol !== "https:" || !(hosts as readonly string[]).includes(url.hostname) || !profile)
        return [];
      return [{ label, href: url.toString() }];
    } catch {
      return [];
    }
  });
}
