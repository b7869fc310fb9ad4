import type { ChordSheet, SheetEdit, SheetEditResult } from "@tonic/theory";

/** One step of the history: the sheet before an edit, and the edit. */
interface Step {
  before: ChordSheet;
  edit: SheetEdit;
}

/** Undo and redo over a chord sheet's edits. */
export interface SheetHistory {
  present: ChordSheet;
  past: Step[];
  /** Undone steps, the next to redo last. */
  future: { after: ChordSheet; edit: SheetEdit }[];
}

/** Most steps kept for undo. */
export const MAX_UNDO_STEPS = 200;

/** A history starting at `sheet`, with nothing to undo. */
export function startHistory(sheet: ChordSheet): SheetHistory {
  return { present: sheet, past: [], future: [] };
}

/** The edit that takes an edit back: its before and after swapped. */
export function inverseEdit(edit: SheetEdit): SheetEdit {
  switch (edit.kind) {
    case "chords":
      return { ...edit, before: edit.after, after: edit.before };
    case "key":
      return { kind: "key", before: edit.after, after: edit.before };
    case "meter":
      return { kind: "meter", before: edit.after, after: edit.before };
    case "downbeat":
      return { kind: "downbeat", before: edit.after, after: edit.before };
    case "tempo":
      return { kind: "tempo", before: edit.after, after: edit.before };
  }
}

/**
 * Records an edit operation's result (an unchanged result — `edit` null — records nothing). A new edit
 * clears what could be redone.
 */
export function record(history: SheetHistory, result: SheetEditResult): SheetHistory {
  if (result.edit === null) return history;
  return {
    present: result.sheet,
    past: [...history.past, { before: history.present, edit: result.edit }].slice(-MAX_UNDO_STEPS),
    future: [],
  };
}

/** Takes the last edit back. @returns the new history and the edit that did it (null when nothing to undo). */
export function undo(history: SheetHistory): { history: SheetHistory; edit: SheetEdit | null } {
  const step = history.past[history.past.length - 1];
  if (!step) return { history, edit: null };
  return {
    history: {
      present: step.before,
      past: history.past.slice(0, -1),
      future: [...history.future, { after: history.present, edit: step.edit }],
    },
    edit: inverseEdit(step.edit),
  };
}

/** Does the last undone edit again. @returns the new history and that edit (null when nothing to redo). */
export function redo(history: SheetHistory): { history: SheetHistory; edit: SheetEdit | null } {
  const step = history.future[history.future.length - 1];
  if (!step) return { history, edit: null };
  return {
    history: {
      present: step.after,
      past: [...history.past, { before: history.present, edit: step.edit }],
      future: history.future.slice(0, -1),
    },
    edit: step.edit,
  };
}
