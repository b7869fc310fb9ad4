/** Full-screen "Loading Music Theory..." splash shown while the session is being determined (PRODUCT §2). */
export function SplashScreen() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[100] flex flex-col items-center justify-center gap-5 bg-gradient-to-br from-violet-700 via-indigo-700 to-slate-900 text-white"
    >
      <span
        className="h-12 w-12 animate-spin rounded-full border-4 border-white/30 border-t-white"
        aria-hidden="true"
      />
      <p className="text-lg font-semibold tracking-tight">Loading Music Theory...</p>
    </div>
  );
}
