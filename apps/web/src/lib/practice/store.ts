import { PracticeList, SavePracticeResponse } from "@tonic/api";
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { api } from "@/lib/api";
import { answerItem, type PracticeItem, type PracticeSkill } from "./schedule";

interface PracticeState {
  /** Items by id. */
  items: Record<string, PracticeItem>;
  /** Record one answer; returns the updated item. */
  record(itemId: string, skill: PracticeSkill, correct: boolean, now?: Date): PracticeItem;
  /** Merge items from elsewhere (the server); the newer `updated_at` wins. */
  merge(items: readonly PracticeItem[]): void;
  /** Forget everything on this device (Reset Progress). */
  clear(): void;
}

/** Set while a signed-in user's answers should also be saved to the server. */
let syncEnabled = false;

function pushToServer(items: PracticeItem[]): void {
  if (!syncEnabled || items.length === 0) return;
  void api("/api/practice", SavePracticeResponse, { method: "PUT", json: { items } }).catch(() => {
    // Offline or signed out meanwhile: the device copy stays and is sent on the next sync.
  });
}

/**
 * Practice items (spaced repetition), kept on the device in localStorage and, for signed-in
 * users, on the server too (`/api/practice`).
 */
export const usePracticeStore = create<PracticeState>()(
  persist(
    (set, get) => ({
      items: {},
      record(itemId, skill, correct, now = new Date()) {
        const item = answerItem(get().items[itemId], itemId, skill, correct, now);
        set((s) => ({ items: { ...s.items, [itemId]: item } }));
        pushToServer([item]);
        return item;
      },
      merge(incoming) {
        set((s) => {
          const items = { ...s.items };
          for (const item of incoming) {
            const mine = items[item.item_id];
            if (!mine || mine.updated_at < item.updated_at) items[item.item_id] = item;
          }
          return { items };
        });
      },
      clear() {
        set({ items: {} });
      },
    }),
    { name: "tonic-practice", version: 1, storage: createJSONStorage(() => localStorage) },
  ),
);

/**
 * Start keeping practice on the signed-in user's account: load the server's items, merge them
 * with this device's (newer wins) and send the device's newer ones back. Call with false on sign-out.
 */
export async function syncPractice(signedIn: boolean): Promise<void> {
  syncEnabled = signedIn;
  if (!signedIn) return;
  try {
    const { items } = await api("/api/practice", PracticeList, { cache: "no-store" });
    const server = new Map(items.map((i) => [i.item_id, i]));
    const mine = Object.values(usePracticeStore.getState().items);
    usePracticeStore.getState().merge(items);
    const newer = mine.filter((i) => {
      const s = server.get(i.item_id);
      return !s || s.updated_at < i.updated_at;
    });
    for (let i = 0; i < newer.length; i += 500) pushToServer(newer.slice(i, i + 500));
  } catch {
    // Keep practising on the device; the next visit syncs.
  }
}
