/** The global navigation of PRODUCT §2 "Navigation". */
export interface NavItem {
  to: string;
  /** Label in the desktop top bar. */
  label: string;
  /** Shorter label in the mobile bottom bar. */
  short: string;
  icon: "home" | "scales" | "learn" | "search" | "mic" | "settings" | "user";
  /** Other paths of the same section, which also mark the item active. */
  section?: readonly string[];
}

export function navItems(signedIn: boolean): NavItem[] {
  return [
    { to: "/", label: "Home", short: "Home", icon: "home" },
    { to: "/scale-explorer", label: "Scale Explorer", short: "Scales", icon: "scales" },
    { to: "/learn", label: "Learn", short: "Learn", icon: "learn" },
    { to: "/search", label: "Search", short: "Search", icon: "search" },
    { to: "/vocal-detector", label: "Recorder", short: "Record", icon: "mic", section: ["/live"] },
    signedIn
      ? { to: "/settings", label: "Settings", short: "Settings", icon: "settings" }
      : { to: "/auth", label: "Login / Sign Up", short: "Login", icon: "user" },
  ];
}
