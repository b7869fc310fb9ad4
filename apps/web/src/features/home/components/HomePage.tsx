import { useMutation, useQuery } from "@tanstack/react-query";
import { classifySearchInput } from "@tonic/youtube";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { MicIcon, MusicIcon, ScalesIcon, SearchIcon } from "@/components/icons";
import { SearchResults } from "@/components/songs/SearchResults";
import { ApiError } from "@/lib/api";
import { useSession } from "@/lib/auth";
import { useOnline } from "@/lib/hooks/useOnline";
import { canonicalUrl, useSeo, webPage } from "@/lib/seo";
import { fetchCapabilities, type SongSearchResult, searchSongs } from "@/lib/songs/api";
import { songInputHints } from "@/lib/songs/availability";

/** Search cannot run here (no search keys, or offline): a pointer to what works, not a failure. */
class SearchUnavailable extends Error {}

const features = [
  {
    icon: ScalesIcon,
    title: "Scale Explorer",
    text: "Pick any root and scale and see its notes, chords, arpeggios and progressions on a piano and a guitar fretboard.",
    to: "/scale-explorer",
  },
  {
    icon: MusicIcon,
    title: "Song Analysis",
    text: "Get the key, tempo and a second-by-second chord timeline of a song, synced to playback, with transpose.",
    to: "/search",
  },
  {
    icon: MicIcon,
    title: "Vocal Scale Detector",
    text: "Sing for up to 30 seconds and find your vocal range, your key and the chords to sing over.",
    to: "/vocal-detector",
  },
];

const HOME_DESCRIPTION =
  "Learn music theory with scales and chords on piano and guitar, and get the key, tempo and chords of any song.";

const steps = ["Musical Notes", "Scales & Keys", "Chords", "Progressions", "Advanced Theory"];

const testimonials = [
  {
    quote: "I finally understand why the songs I play use the chords they do. The chord timeline is magic.",
    name: "Ananya R.",
    role: "Guitar student",
  },
  {
    quote: "The piano scale view is what I use with all my beginners now. They see the pattern instantly.",
    name: "Daniel M.",
    role: "Piano teacher",
  },
  {
    quote: "The vocal detector told me my range and a key that fits my voice. Singing got so much easier.",
    name: "Priya S.",
    role: "Singer",
  },
];

function HomeSearch() {
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const [invalid, setInvalid] = useState(false);
  const online = useOnline();
  const capabilities = useQuery({
    queryKey: ["songs", "capabilities"],
    queryFn: fetchCapabilities,
    staleTime: 60_000,
  });
  const hints = songInputHints(capabilities.data, online, "home");
  // PRODUCT §2 Home search: a link opens its analysis, text shows up to 5 result cards here.
  const search = useMutation<SongSearchResult[], Error, string>({
    // Run offline too (TanStack would pause it), so the box can say what still works.
    networkMode: "always",
    mutationFn: async (query) => {
      const offline = songInputHints(undefined, false, "home").searchUnavailable ?? "";
      if (!navigator.onLine) throw new SearchUnavailable(offline);
      try {
        const caps = await fetchCapabilities();
        const unavailable = songInputHints(caps, true, "home").searchUnavailable;
        if (unavailable) throw new SearchUnavailable(unavailable);
        return await searchSongs(query);
      } catch (err) {
        // Status 0: the request never reached the server (no network).
        if (err instanceof ApiError && err.status === 0) throw new SearchUnavailable(offline);
        throw err;
      }
    },
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (!query) return navigate("/search");
    const input = classifySearchInput(query);
    if (input.kind === "link") return navigate(`/search?v=${input.videoId}`);
    if (input.kind === "invalid-link") {
      search.reset();
      setInvalid(true);
      return;
    }
    setInvalid(false);
    search.mutate(query);
  };
  return (
    <search className="w-full max-w-4xl">
      <form onSubmit={onSubmit} className="mt-8 flex w-full max-w-xl flex-col gap-3 sm:flex-row">
        <label htmlFor="home-search" className="sr-only">
          Search or paste YouTube URL
        </label>
        <input
          id="home-search"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={hints.placeholder}
          className="min-h-12 flex-1 rounded-xl border border-white/30 bg-white/95 px-4 text-slate-900 shadow-lg placeholder:text-slate-500 focus:outline-none focus:ring-4 focus:ring-violet-300"
        />
        <button
          type="submit"
          disabled={search.isPending}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-amber-400 px-6 font-semibold text-slate-900 shadow-lg hover:bg-amber-300 disabled:opacity-80"
        >
          {search.isPending ? (
            <span
              className="h-5 w-5 animate-spin rounded-full border-2 border-slate-900/30 border-t-slate-900"
              aria-hidden
            />
          ) : (
            <SearchIcon width={20} height={20} />
          )}{" "}
          Search Songs
        </button>
      </form>
      {invalid && (
        <p role="alert" className="mt-3 rounded-lg bg-white/95 px-3 py-2 text-sm font-medium text-red-700">
          Invalid YouTube URL
        </p>
      )}
      {search.isError && search.error instanceof SearchUnavailable && (
        <p role="status" className="mt-3 rounded-lg bg-white/95 px-3 py-2 text-sm font-medium text-slate-800">
          {search.error.message}{" "}
          <Link to="/search" className="font-semibold text-violet-700 underline underline-offset-4">
            Analyse a file
          </Link>
        </p>
      )}
      {search.isError && !(search.error instanceof SearchUnavailable) && (
        <p role="alert" className="mt-3 rounded-lg bg-white/95 px-3 py-2 text-sm font-medium text-red-700">
          {search.error.message}
        </p>
      )}
      {search.data && search.data.length === 0 && (
        <p role="status" className="mt-3 text-sm text-violet-100">
          No songs found. Try other words or paste a YouTube link.
        </p>
      )}
      {search.data && search.data.length > 0 && (
        <SearchResults variant="hero" results={search.data} onPick={(id) => navigate(`/search?v=${id}`)} />
      )}
    </search>
  );
}

/** Home (PRODUCT §1): hero, search, three feature cards, learning strip, testimonials, call to action. */
export function HomePage() {
  useSeo({
    title: "Tonic — Mastering Music Theory",
    description: HOME_DESCRIPTION,
    path: "/",
    jsonLd: webPage({
      name: "Tonic — Mastering Music Theory",
      description: HOME_DESCRIPTION,
      url: canonicalUrl("/"),
    }),
  });
  const signedIn = useSession().status === "signed-in";
  return (
    <div>
      <section className="relative overflow-hidden bg-gradient-to-br from-violet-700 via-indigo-700 to-slate-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start px-6 py-16 md:py-24">
          <p className="rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
            Tonic · music theory made visible
          </p>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight md:text-6xl">Mastering Music Theory</h1>
          <p className="mt-4 text-xl font-medium text-violet-100 md:text-2xl">
            Get Instant Scale &amp; chords for Any Song
          </p>
          <HomeSearch />
          <p className="mt-4 text-sm text-violet-200">
            Or{" "}
            <Link to="/search" className="font-semibold underline underline-offset-4">
              analyze your own audio file
            </Link>{" "}
            — it never leaves your device.
          </p>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-6 py-14">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight md:text-3xl">
          Everything you need to understand music
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text, to }) => (
            <li key={title}>
              <Link
                to={to}
                className="block h-full rounded-2xl border border-slate-200 p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-violet-100 text-violet-700 dark:bg-violet-900/50 dark:text-violet-200">
                  <Icon />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-400">{text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="path-title" className="bg-slate-50 py-14 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-6">
          <h2 id="path-title" className="text-2xl font-bold tracking-tight md:text-3xl">
            Your learning path
          </h2>
          <ol className="mt-8 grid gap-4 sm:grid-cols-2 md:grid-cols-5">
            {steps.map((step, i) => (
              <li
                key={step}
                className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm md:flex-col md:items-start dark:bg-slate-800"
              >
                <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-violet-600 font-bold text-white">
                  {i + 1}
                </span>
                <span className="font-semibold">{step}</span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-6 py-14">
        <h2 id="testimonials-title" className="text-2xl font-bold tracking-tight md:text-3xl">
          What learners say
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
                <blockquote className="text-slate-700 dark:text-slate-300">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold">{t.name}</span>
                  <span className="text-slate-500"> · {t.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      {!signedIn && (
        <section className="mx-auto mb-14 max-w-6xl px-6">
          <div className="flex flex-col items-start gap-6 rounded-3xl bg-violet-600 p-8 text-white md:flex-row md:items-center md:justify-between md:p-12">
            <div>
              <h2 className="text-2xl font-bold md:text-3xl">Start learning today</h2>
              <p className="mt-2 text-violet-100">
                Free to start: 5 song analyses a day and every theory tool.
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Link
                to="/auth?mode=sign-up"
                className="inline-flex min-h-12 items-center rounded-xl bg-white px-6 font-semibold text-violet-700 hover:bg-violet-50"
              >
                Sign Up Free
              </Link>
              <Link
                to="/search?demo=1"
                className="inline-flex min-h-12 items-center rounded-xl border border-white/60 px-6 font-semibold hover:bg-white/10"
              >
                Watch Demo
              </Link>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
