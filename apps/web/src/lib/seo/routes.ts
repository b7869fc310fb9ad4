/** The parts of `SeoInput` (./useSeo) a route sets; kept free of imports so browser tests can read it. */
interface RouteSeo {
  title: string;
  description: string;
  noindex?: boolean;
}

/**
 * Title and meta description of every screen whose page has no data of its own to describe (PRODUCT §2
 * "Install and updates": titles and descriptions per screen). Blog posts and lessons use their own title
 * and description once loaded, these as the fallback while loading.
 */
export const ROUTE_SEO = {
  search: {
    title: "Song Analysis: key, tempo and chords of any song",
    description:
      "Find the key, tempo and chords of a song, bar by bar, with chord diagrams, capo, loop and slow-down. Upload a file or paste a YouTube link.",
  },
  scaleExplorer: {
    title: "Scale Explorer",
    description:
      "Explore any major or minor scale: its notes, chords, arpeggios, relative scale and common progressions.",
  },
  piano: {
    title: "Piano Scale Visualizer",
    description: "See and hear any major or minor scale on an interactive piano keyboard, octave by octave.",
  },
  guitar: {
    title: "Guitar Fretboard Visualizer",
    description: "See every note of a major or minor scale on the guitar fretboard and play it by tapping.",
  },
  settings: {
    title: "Settings",
    description: "Volume, instrument, note names, dark mode and your Tonic account and subscription.",
    noindex: true,
  },
  vocal: {
    title: "Vocal Scale Detector",
    description:
      "Sing for up to 30 seconds and Tonic tells you the scale you sang in, right in your browser.",
  },
  learn: {
    title: "Music Theory Course",
    description:
      "A day-by-day music theory course: notes, intervals, scales, chords, progressions and analysing real songs.",
  },
  lesson: {
    title: "Lesson",
    description: "A lesson of Tonic's day-by-day music theory course.",
  },
  blog: {
    title: "Blog",
    description: "Articles on music theory, scales, ragas, tuning and singing from the Tonic team.",
  },
  blogPost: {
    title: "Blog",
    description: "An article on music theory from the Tonic blog.",
  },
  auth: {
    title: "Log in or sign up",
    description: "Log in to Tonic or create a free account to analyse songs and follow the course.",
    noindex: true,
  },
  authCallback: {
    title: "Signing you in",
    description: "Finishing your Tonic sign-in.",
    noindex: true,
  },
  premium: {
    title: "Premium plans",
    description:
      "Tonic Premium: unlimited song analysis and the full music theory course. 7-day money-back guarantee.",
  },
  live: {
    title: "Live Chords, Tuner and Play-Along",
    description:
      "Play or sing into your microphone and see the chord and key as you play, tune your instrument and play along with a song.",
  },
  songExplorer: {
    title: "Explore Songs with the Same Scale",
    description: "Browse analysed songs by key, major or minor, and language, and open their chords.",
  },
} as const satisfies Record<string, RouteSeo>;
