/** The one placeholder allowed for screens that a later issue builds. */
export function BeingBuilt({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-3xl px-6 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-400">
        This page is being built
      </p>
    </section>
  );
}
