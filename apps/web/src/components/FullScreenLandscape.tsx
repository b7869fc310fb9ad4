import type { CSSProperties, ReactNode } from "react";
import { useMediaQuery } from "@/lib/hooks/useMediaQuery";

const rotated: CSSProperties = {
  position: "absolute",
  top: 0,
  left: "100%",
  width: "100dvh",
  height: "100dvw",
  transform: "rotate(90deg)",
  transformOrigin: "top left",
};
const upright: CSSProperties = { position: "absolute", inset: 0 };

/**
 * Full-screen landscape stage for the visualizers on narrow screens (PRODUCT §2): a phone held
 * upright gets the content rotated 90°; a phone already in landscape gets it as is.
 */
export function FullScreenLandscape({ children, label }: { children: ReactNode; label: string }) {
  const portrait = useMediaQuery("(orientation: portrait)");
  return (
    <div className="fixed inset-0 z-50 overflow-hidden bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <section
        aria-label={label}
        data-testid="landscape-stage"
        data-rotated={portrait ? "true" : "false"}
        style={portrait ? rotated : upright}
        className="flex flex-col overflow-hidden"
      >
        {children}
      </section>
    </div>
  );
}
