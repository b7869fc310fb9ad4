import { NavLink, useLocation } from "react-router-dom";
import {
  HomeIcon,
  LearnIcon,
  LogoMark,
  MicIcon,
  ScalesIcon,
  SearchIcon,
  SettingsIcon,
  UserIcon,
} from "@/components/icons";
import { type NavItem, navItems } from "./nav-items";

const icons = {
  home: HomeIcon,
  scales: ScalesIcon,
  learn: LearnIcon,
  search: SearchIcon,
  mic: MicIcon,
  settings: SettingsIcon,
  user: UserIcon,
} as const;

/** Whether the current path belongs to the item's section (e.g. /live under Recorder). */
function useInSection(): (item: NavItem) => boolean {
  const { pathname } = useLocation();
  return (item) => (item.section ?? []).some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Desktop top bar (md and up). */
export function TopBar({ signedIn }: { signedIn: boolean }) {
  const inSection = useInSection();
  return (
    <header className="sticky top-0 z-40 hidden border-b border-slate-200 bg-white/90 backdrop-blur md:block dark:border-slate-800 dark:bg-slate-950/90">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-6">
        <NavLink to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <LogoMark />
          <span>Tonic</span>
        </NavLink>
        <ul className="ml-auto flex items-center gap-1">
          {navItems(signedIn).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                    isActive || inSection(item)
                      ? "bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200"
                      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
                  } ${item.icon === "user" ? "ml-2 bg-violet-600 text-white hover:bg-violet-700 hover:text-white" : ""}`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function BottomItem({ item }: { item: NavItem }) {
  const Icon = icons[item.icon];
  const inSection = useInSection();
  return (
    <li className="flex-1">
      <NavLink
        to={item.to}
        end={item.to === "/"}
        className={({ isActive }) =>
          `flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-medium ${
            isActive || inSection(item)
              ? "text-violet-700 dark:text-violet-300"
              : "text-slate-500 dark:text-slate-400"
          }`
        }
      >
        <Icon width={22} height={22} />
        <span>{item.short}</span>
      </NavLink>
    </li>
  );
}

/** Mobile bottom bar with six items (below md). */
export function BottomBar({ signedIn }: { signedIn: boolean }) {
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden dark:border-slate-800 dark:bg-slate-950"
    >
      <ul className="flex">
        {navItems(signedIn).map((item) => (
          <BottomItem key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  );
}
