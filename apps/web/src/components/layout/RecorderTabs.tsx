import { NavLink } from "react-router-dom";

/** Links between the screens of the Recorder section: the Vocal Scale Detector and Live. */
export function RecorderTabs() {
  const cls = ({ isActive }: { isActive: boolean }) =>
    `min-h-11 rounded-lg px-4 py-2.5 text-sm font-semibold ${
      isActive
        ? "bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200"
        : "text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    }`;
  return (
    <nav aria-label="Recorder tools" className="flex gap-2">
      <NavLink to="/vocal-detector" className={cls}>
        Vocal scale
      </NavLink>
      <NavLink to="/live" className={cls}>
        Live
      </NavLink>
    </nav>
  );
}
