import type { PianoKey, PitchClass } from "@tonic/theory";
import { useEffect, useRef } from "react";

export interface PianoKeyboardProps {
  keys: readonly PianoKey[];
  root: PitchClass;
  scale: ReadonlySet<PitchClass>;
  /** fullNote of the key lit for 300 ms after a tap, or null. */
  activeKey: string | null;
  onPress: (key: PianoKey) => void;
  /** Fill the parent's height (narrow landscape layout) instead of the fixed 200 / 250 px of PRODUCT §2. */
  fill?: boolean;
  /** Display spelling of a key's label (Settings → Note names); default the sharp name. */
  spell?: (note: string) => string;
  /**
   * Sargam labels: each scale key is labelled from its full note ("C5" → "Ṡa", with its octave mark) and
   * the Western orientation labels on the other C keys are left out.
   */
  octaveLabels?: boolean;
}

type Role = "root" | "scale" | "other";

const roleOf = (k: PianoKey, root: PitchClass, scale: ReadonlySet<PitchClass>): Role =>
  k.note === root ? "root" : scale.has(k.note) ? "scale" : "other";

const accessibleName = (k: PianoKey, role: Role) =>
  role === "root" ? `${k.fullNote}, root` : role === "scale" ? `${k.fullNote}, in scale` : k.fullNote;

const whiteColours: Record<Role, string> = {
  root: "bg-orange-400 text-white border-orange-500",
  scale: "bg-violet-400 text-white border-violet-500",
  other: "bg-white text-slate-400 border-slate-300 dark:bg-slate-100",
};
const blackColours: Record<Role, string> = {
  root: "bg-orange-500 text-white border-orange-700",
  scale: "bg-violet-600 text-white border-violet-800",
  other: "bg-slate-900 text-slate-400 border-slate-950",
};

function Key({
  k,
  role,
  active,
  onPress,
  black,
  spell,
  octaveLabels = false,
}: {
  k: PianoKey;
  role: Role;
  active: boolean;
  onPress: (key: PianoKey) => void;
  black: boolean;
  spell?: (note: string) => string;
  octaveLabels?: boolean;
}) {
  const base = black
    ? "absolute top-0 right-0 z-10 h-[62%] w-[62%] min-w-11 translate-x-1/2 rounded-b-lg border shadow-md"
    : "h-full w-full rounded-b-xl border";
  const colours = black ? blackColours[role] : whiteColours[role];
  const pressed = active ? "!bg-sky-400 !border-sky-500 text-white shadow-inner brightness-110" : "";
  const showLabel = role !== "other" || (!black && k.note === "C" && !octaveLabels);
  const shown = octaveLabels || role === "other" ? k.fullNote : k.note;
  return (
    <button
      type="button"
      aria-label={accessibleName(k, role)}
      data-note={k.fullNote}
      data-role={role}
      data-active={active ? "true" : "false"}
      onPointerDown={(e) => {
        if (e.button === 0) onPress(k);
      }}
      onClick={(e) => {
        // Keyboard activation (Enter/Space) has no pointer; pointer taps already played on pointerdown.
        if (e.detail === 0) onPress(k);
      }}
      className={`${base} ${colours} ${pressed} flex touch-manipulation select-none items-end justify-center pb-2 text-xs font-bold transition-[background-color,filter] duration-75`}
    >
      {showLabel && <span aria-hidden="true">{spell ? spell(shown) : shown}</span>}
    </button>
  );
}

/**
 * A horizontally scrollable piano: white keys in a row, each black key over the boundary to
 * its right. Every key is a button of at least 44 × 44 CSS px.
 */
export function PianoKeyboard({
  keys,
  root,
  scale,
  activeKey,
  onPress,
  fill,
  spell,
  octaveLabels,
}: PianoKeyboardProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const first = keys[0]?.fullNote;
  // Back to the left edge when the octave range changes.
  useEffect(() => {
    if (first !== undefined) scroller.current?.scrollTo({ left: 0 });
  }, [first]);

  const groups: { white: PianoKey; black?: PianoKey }[] = [];
  for (const k of keys) {
    if (!k.isBlack) groups.push({ white: k });
    else {
      const last = groups[groups.length - 1];
      if (last) last.black = k;
    }
  }

  return (
    <div
      ref={scroller}
      className={`overflow-x-auto overscroll-x-contain rounded-xl bg-slate-800 p-2 pt-3 shadow-inner dark:bg-black ${
        fill ? "flex h-full min-h-[200px] flex-col" : ""
      }`}
      data-testid="piano"
    >
      <fieldset
        className={`m-0 flex min-w-0 border-0 p-0 ${fill ? "min-h-0 flex-1" : "h-[200px] lg:h-[250px]"}`}
      >
        <legend className="sr-only">Piano keyboard</legend>
        {groups.map(({ white, black }) => (
          // White keys are ≥ 4.5rem (PRODUCT §9 minimum 2.5rem) so black keys at 62% stay ≥ 44 px for touch.
          <div key={white.fullNote} className="relative min-w-[4.5rem] flex-1">
            <Key
              k={white}
              role={roleOf(white, root, scale)}
              active={activeKey === white.fullNote}
              onPress={onPress}
              black={false}
              spell={spell}
              octaveLabels={octaveLabels}
            />
            {black && (
              <Key
                k={black}
                role={roleOf(black, root, scale)}
                active={activeKey === black.fullNote}
                onPress={onPress}
                black
                spell={spell}
                octaveLabels={octaveLabels}
              />
            )}
          </div>
        ))}
      </fieldset>
    </div>
  );
}
