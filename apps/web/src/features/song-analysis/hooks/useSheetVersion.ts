import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  EDIT_LIMIT_MESSAGE,
  FREE_DAILY_EDITED_SONGS,
  type MyVersionResponse,
  type SheetShare,
} from "@tonic/api";
import type { ChordSheet, SheetEdit, SheetEditResult } from "@tonic/theory";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { showToast } from "@/components/toast";
import { ApiError } from "@/lib/api";
import { isPremium, useSession } from "@/lib/auth";
import { getMySong, saveMySongVersion } from "@/lib/my-songs/db";
import { deleteMyVersion, getMyVersion, revokeShare, saveMyVersion, shareMyVersion } from "../api/my-version";
import { canEditOnDevice, countDeviceEdit, loadDeviceSheet, saveDeviceSheet } from "../lib/device-sheets";
import { record, redo, type SheetHistory, startHistory, undo } from "../lib/sheet-history";

/**
 * Where a song's corrected sheet is kept: a song from the song store (by video id: on the server for a
 * signed-in user, on this device for a visitor) or an uploaded file kept in My songs (on this device).
 */
export type SheetSource = { kind: "link"; videoId: string } | { kind: "file"; id: string };

/** Which sheet the Song screen shows. */
export type SheetShown = "analysis" | "mine";

/** "idle" nothing to save; "saving"; "saved"; "error" the last save failed (kept, retried on the next edit). */
export type SaveState = "idle" | "saving" | "saved" | "error";

/** The user's version of a song's chords: loading, editing with undo/redo, saving, sharing. */
export interface SheetVersionState {
  /** The user's sheet (with unsaved edits), or null when they have none. */
  mine: ChordSheet | null;
  /** The version is kept (loaded or saved), not only a draft being started. */
  persisted: boolean;
  shown: SheetShown;
  setShown(shown: SheetShown): void;
  editing: boolean;
  /** Starts editing (from Tonic's analysis when there is no version yet); false when the daily limit refuses. */
  startEditing(fromAnalysis: () => ChordSheet): boolean;
  stopEditing(): void;
  apply(result: SheetEditResult): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
  saveState: SaveState;
  /** Why editing was refused (the daily limit), for the user. */
  refusal: string | null;
  /**
   * Whether editing may be asked for: false only while a signed-in FREE user's allowance for this song is
   * still being fetched, so that "Edit" is not let through before the daily limit is known.
   */
  ready: boolean;
  /** Deletes the version: the song shows Tonic's analysis again. */
  discard(): Promise<void>;
  /** Sharing is possible (a signed-in user's saved version of a song from the store). */
  canShare: boolean;
  share: SheetShare | null;
  createShare(): Promise<void>;
  revoke(): Promise<void>;
  /** Where the version is kept, in words ("your account", "this device"). */
  keptOn: "account" | "device";
}

const CHANNEL = "tonic-sheets";
/** Wait after the last edit before saving to the server, milliseconds (one request for a burst of clicks). */
export const SAVE_DEBOUNCE_MS = 600;

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The state of the user's version of one song (issue 30). A signed-in user's versions of stored songs live
 * on the server (`/api/songs/:videoId/my-version`): edits are saved {@link SAVE_DEBOUNCE_MS} after the last
 * one, with the edits as data; a later save from another tab wins, and this tab then shows the later sheet
 * and says so. Visitors' versions and those of uploaded files stay on this device. A FREE account (and a
 * visitor's device) edits {@link FREE_DAILY_EDITED_SONGS} song a day; Premium is unlimited.
 */
export function useSheetVersion(source: SheetSource | null): SheetVersionState {
  const session = useSession();
  const qc = useQueryClient();
  const server = source?.kind === "link" && session.status === "signed-in";
  const videoId = source?.kind === "link" ? source.videoId : null;
  const deviceKey = source ? (source.kind === "link" ? `link:${source.videoId}` : `file:${source.id}`) : null;
  const premium = isPremium(session.profile);

  const [history, setHistory] = useState<SheetHistory | null>(null);
  const [shown, setShown] = useState<SheetShown>("analysis");
  const [editing, setEditing] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dirty, setDirty] = useState(0);
  /** The version exists outside this screen (loaded, or saved at least once). */
  const [persisted, setPersisted] = useState(false);
  const pending = useRef<SheetEdit[]>([]);
  const revision = useRef<number | null>(null);
  const historyRef = useRef<SheetHistory | null>(null);
  historyRef.current = history;

  const queryKey = useMemo(() => ["my-version", videoId] as const, [videoId]);
  const query = useQuery({
    queryKey,
    queryFn: () => getMyVersion(videoId ?? ""),
    enabled: server && videoId !== null,
    retry: false,
    refetchOnWindowFocus: true,
  });

  // Reset when the song or the signed-in state changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new song or session starts afresh
  useEffect(() => {
    setHistory(null);
    setShown("analysis");
    setEditing(false);
    setSaveState("idle");
    setRefusal(null);
    setPersisted(false);
    pending.current = [];
    revision.current = null;
  }, [deviceKey, server]);

  // A server version: shown when first loaded; a later one from another tab replaces ours and says so.
  useEffect(() => {
    if (!server) return;
    const v = query.data?.version;
    if (v === undefined) return;
    if (v === null) {
      if (revision.current !== null && pending.current.length === 0) {
        // Deleted in another tab.
        revision.current = null;
        setHistory(null);
        setPersisted(false);
        setShown("analysis");
        setEditing(false);
      }
      return;
    }
    if (revision.current === null && historyRef.current === null) {
      revision.current = v.revision;
      setHistory(startHistory(v.sheet));
      setPersisted(true);
      setShown("mine");
      return;
    }
    if (revision.current !== null && v.revision > revision.current && pending.current.length === 0) {
      revision.current = v.revision;
      setHistory(startHistory(v.sheet));
      setShown("mine");
      setSaveState("idle");
      showToast("Your version was changed in another tab or device. Showing the latest save.");
    }
  }, [server, query.data]);

  // A device version: read once.
  const fileId = source?.kind === "file" ? source.id : null;
  useEffect(() => {
    if (server || !deviceKey) return;
    let cancelled = false;
    void (async () => {
      let sheet: ChordSheet | null = null;
      if (fileId) sheet = (await getMySong(fileId).catch(() => null))?.version?.sheet ?? null;
      sheet ??= loadDeviceSheet(deviceKey)?.sheet ?? null;
      if (cancelled || !sheet || historyRef.current) return;
      setHistory(startHistory(sheet));
      setPersisted(true);
      setShown("mine");
    })();
    return () => {
      cancelled = true;
    };
  }, [server, fileId, deviceKey]);

  // Other tabs' saves: refetch at once (instead of on the next focus).
  useEffect(() => {
    if (!server || !videoId || typeof BroadcastChannel === "undefined") return;
    const ch = new BroadcastChannel(CHANNEL);
    ch.onmessage = (e: MessageEvent<unknown>) => {
      const data = e.data as { videoId?: unknown } | null;
      if (data && data.videoId === videoId) void qc.invalidateQueries({ queryKey });
    };
    return () => ch.close();
  }, [server, videoId, qc, queryKey]);

  const saveToServer = useCallback(async () => {
    const h = historyRef.current;
    if (!h || !videoId) return;
    const edits = pending.current.splice(0);
    setSaveState("saving");
    try {
      const res = await saveMyVersion(videoId, { sheet: h.present, baseRevision: revision.current, edits });
      revision.current = res.version.revision;
      setPersisted(true);
      qc.setQueryData<MyVersionResponse>(queryKey, (old) => ({
        canEdit: old?.canEdit ?? true,
        version: res.version,
      }));
      setSaveState(pending.current.length > 0 ? "saving" : "saved");
      if (typeof BroadcastChannel !== "undefined") {
        const ch = new BroadcastChannel(CHANNEL);
        ch.postMessage({ videoId, revision: res.version.revision });
        ch.close();
      }
    } catch (err) {
      pending.current = [...edits, ...pending.current];
      if (err instanceof ApiError && err.status === 403) {
        setRefusal(err.message || EDIT_LIMIT_MESSAGE);
        setEditing(false);
      }
      setSaveState("error");
    }
  }, [videoId, qc, queryKey]);

  const saveOnDevice = useCallback(async () => {
    const h = historyRef.current;
    if (!h || !deviceKey) return;
    pending.current = [];
    let ok = false;
    if (fileId)
      ok = await saveMySongVersion(fileId, { sheet: h.present, savedAt: Date.now() }).catch(() => false);
    if (!ok) ok = saveDeviceSheet(deviceKey, h.present);
    setSaveState(ok ? "saved" : "error");
    if (ok) setPersisted(true);
  }, [fileId, deviceKey]);

  // Save after edits: on the server after a pause, on the device at once.
  useEffect(() => {
    if (dirty === 0) return;
    if (!server) {
      void saveOnDevice();
      return;
    }
    setSaveState("saving");
    const id = window.setTimeout(() => void saveToServer(), SAVE_DEBOUNCE_MS);
    return () => window.clearTimeout(id);
  }, [dirty, server, saveToServer, saveOnDevice]);

  const canEditNow = useCallback((): boolean => {
    if (!deviceKey) return false;
    if (server) return premium || query.data?.canEdit !== false;
    return canEditOnDevice(deviceKey, premium ? null : FREE_DAILY_EDITED_SONGS, todayUtc());
  }, [deviceKey, server, premium, query.data]);

  const startEditing = useCallback(
    (fromAnalysis: () => ChordSheet): boolean => {
      if (!canEditNow()) {
        setRefusal(EDIT_LIMIT_MESSAGE);
        return false;
      }
      setRefusal(null);
      if (!historyRef.current) setHistory(startHistory(fromAnalysis()));
      setShown("mine");
      setEditing(true);
      return true;
    },
    [canEditNow],
  );

  const push = useCallback(
    (next: SheetHistory, edit: SheetEdit | null) => {
      if (!edit) return;
      setHistory(next);
      historyRef.current = next;
      pending.current.push(edit);
      if (!server && deviceKey) countDeviceEdit(deviceKey, todayUtc());
      setDirty((d) => d + 1);
    },
    [server, deviceKey],
  );

  const apply = useCallback(
    (result: SheetEditResult) => {
      const h = historyRef.current;
      if (!h || !result.edit) return;
      push(record(h, result), result.edit);
    },
    [push],
  );

  const doUndo = useCallback(() => {
    const h = historyRef.current;
    if (!h) return;
    const r = undo(h);
    push(r.history, r.edit);
  }, [push]);

  const doRedo = useCallback(() => {
    const h = historyRef.current;
    if (!h) return;
    const r = redo(h);
    push(r.history, r.edit);
  }, [push]);

  const stopEditing = useCallback(() => {
    setEditing(false);
    // A draft that was never changed is not kept.
    if (!persisted && pending.current.length === 0 && historyRef.current?.past.length === 0) {
      setHistory(null);
      setShown("analysis");
    }
  }, [persisted]);

  const discard = useCallback(async () => {
    pending.current = [];
    if (server && videoId) {
      await deleteMyVersion(videoId);
      qc.setQueryData<MyVersionResponse>(queryKey, (old) => ({
        canEdit: old?.canEdit ?? true,
        version: null,
      }));
    } else if (deviceKey) {
      if (fileId) await saveMySongVersion(fileId, null).catch(() => false);
      saveDeviceSheet(deviceKey, null);
    }
    revision.current = null;
    setHistory(null);
    setPersisted(false);
    setShown("analysis");
    setEditing(false);
    setSaveState("idle");
  }, [server, videoId, qc, queryKey, fileId, deviceKey]);

  const share = server ? (query.data?.version?.share ?? null) : null;
  const createShare = useCallback(async () => {
    if (!videoId) return;
    const s = await shareMyVersion(videoId);
    qc.setQueryData<MyVersionResponse>(queryKey, (old) =>
      old?.version ? { ...old, version: { ...old.version, share: s } } : old,
    );
  }, [videoId, qc, queryKey]);
  const revoke = useCallback(async () => {
    if (!share) return;
    await revokeShare(share.id);
    qc.setQueryData<MyVersionResponse>(queryKey, (old) =>
      old?.version ? { ...old, version: { ...old.version, share: null } } : old,
    );
  }, [share, qc, queryKey]);

  return {
    mine: history?.present ?? null,
    persisted,
    shown: history ? shown : "analysis",
    setShown,
    editing,
    startEditing,
    stopEditing,
    apply,
    undo: doUndo,
    redo: doRedo,
    canUndo: (history?.past.length ?? 0) > 0,
    canRedo: (history?.future.length ?? 0) > 0,
    saveState,
    refusal,
    ready: !server || premium || query.data !== undefined || query.isError,
    discard,
    canShare: server && persisted,
    share,
    createShare,
    revoke,
    keptOn: server ? "account" : "device",
  };
}
