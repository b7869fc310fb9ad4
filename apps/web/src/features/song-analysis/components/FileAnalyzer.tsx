import { useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { UploadIcon } from "@/components/icons";
import { mySongId, saveMySong } from "@/lib/my-songs/db";
import { useFileAnalysis } from "../hooks/useFileAnalysis";
import { fromEngine } from "../lib/song-model";
import { ProgressBar } from "./ProgressBar";
import { SongAnalysisView } from "./SongAnalysisView";

/** The id of the file analyzer's section, which other parts of the song screen point to. */
const FILE_ANALYZER_ID = "analyse-your-file";

/** Scrolls to the file analyzer on this page and puts the focus on its "Choose audio file" button. */
export function showFileAnalyzer(): void {
  const section = document.getElementById(FILE_ANALYZER_ID);
  section?.scrollIntoView({ behavior: "smooth", block: "start" });
  section?.querySelector<HTMLButtonElement>("button[data-choose-file]")?.focus({ preventScroll: true });
}

/** "Analyze your own audio file": button and drag-and-drop; decoding and analysis stay in the browser. */
export function FileAnalyzer() {
  const { state, analyze, reset } = useFileAnalysis();
  const [dragging, setDragging] = useState(false);
  const [showAnalysis, setShowAnalysis] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const queryClient = useQueryClient();

  // Keep every finished analysis on this device ("My songs").
  useEffect(() => {
    if (state.status !== "done") return;
    const { file, result, fileName } = state;
    saveMySong({ id: mySongId(file), title: fileName, savedAt: Date.now(), result, audio: file })
      .then(() => queryClient.invalidateQueries({ queryKey: ["my-songs"] }))
      .catch((err: unknown) => console.warn("Could not keep the analysis on this device", err));
  }, [state, queryClient]);

  const start = (file: File | undefined) => {
    if (!file) return;
    setShowAnalysis(false);
    void analyze(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    start(e.dataTransfer.files[0]);
  };

  if (state.status === "done" && showAnalysis) {
    return (
      <div>
        <SongAnalysisView
          audioUrl={state.audioUrl}
          analysis={fromEngine(state.fileName, state.result)}
          sheetSource={{ kind: "file", id: mySongId(state.file) }}
        />
        <button
          type="button"
          onClick={() => {
            reset();
            setShowAnalysis(false);
          }}
          className="mt-4 rounded-lg px-4 py-2 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:text-violet-300 dark:hover:bg-slate-800"
        >
          Analyze another file
        </button>
      </div>
    );
  }

  return (
    <section
      id={FILE_ANALYZER_ID}
      aria-labelledby="upload-title"
      className="rounded-2xl border border-slate-200 p-5 md:p-6 dark:border-slate-800"
    >
      <h2 id="upload-title" className="text-lg font-semibold">
        Analyze your own audio file
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        MP3, WAV, FLAC or OGG. The file is analysed on your device and never uploaded.
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone also offers a real button */}
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
        className={`mt-4 flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed p-8 text-center transition-colors ${
          dragging
            ? "border-violet-500 bg-violet-50 dark:bg-violet-950/30"
            : "border-slate-300 dark:border-slate-700"
        }`}
      >
        <UploadIcon className="text-violet-600" width={32} height={32} />
        <p className="text-sm text-slate-600 dark:text-slate-400">Drag and drop an audio file here, or</p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          aria-label="Audio file to analyze"
          accept="audio/*,.mp3,.wav,.flac,.ogg,.oga,.m4a"
          className="sr-only"
          onChange={(e) => {
            start(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <button
          type="button"
          data-choose-file
          onClick={() => inputRef.current?.click()}
          disabled={state.status === "working"}
          className="min-h-11 rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700 disabled:opacity-60"
        >
          Choose audio file
        </button>
      </div>

      {state.status === "working" && (
        <div className="mt-5" aria-live="polite">
          <p className="mb-2 truncate text-sm font-medium">{state.fileName}</p>
          <ProgressBar percent={state.progress * 100} label={state.stage} />
        </div>
      )}
      {state.status === "done" && (
        <div className="mt-5">
          <ProgressBar percent={100} label="Analysis complete" />
          <button
            type="button"
            onClick={() => setShowAnalysis(true)}
            className="mt-4 min-h-11 rounded-xl bg-amber-400 px-5 font-semibold text-slate-900 hover:bg-amber-300"
          >
            View Analysis
          </button>
        </div>
      )}
      {state.status === "error" && (
        <p
          role="alert"
          className="mt-5 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
        >
          <span className="font-semibold">{state.fileName}: </span>
          {state.message}
        </p>
      )}
    </section>
  );
}
