import { lazy } from "react";
import type { RouteObject } from "react-router-dom";
import { Layout } from "@/components/layout/Layout";
import { HomePage } from "@/features/home";

/** Lazy-load one named page export so each screen is its own chunk. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    const mod = await load();
    return { default: mod[name] as React.ComponentType };
  });
}

const SearchPage = page(() => import("@/features/song-analysis"), "SearchPage");
const SharedSheetPage = page(() => import("@/features/song-analysis"), "SharedSheetPage");
const ScaleExplorerPage = page(() => import("@/features/scale-explorer"), "ScaleExplorerPage");
const PianoPage = page(() => import("@/features/piano"), "PianoPage");
const GuitarPage = page(() => import("@/features/guitar"), "GuitarPage");
const SettingsPage = page(() => import("./SettingsRoute"), "SettingsRoute");
const VocalDetectorPage = page(() => import("@/features/vocal"), "VocalDetectorPage");
const LivePage = page(() => import("@/features/live"), "LivePage");
const LearnPage = page(() => import("@/features/course"), "LearnPage");
const LessonPage = page(() => import("@/features/course"), "LessonPage");
const EarTrainingPage = page(() => import("@/features/ear-training"), "EarTrainingPage");
const BlogPage = page(() => import("@/features/blog"), "BlogPage");
const BlogPostPage = page(() => import("@/features/blog"), "BlogPostPage");
const AuthPage = page(() => import("@/features/auth"), "AuthPage");
const AuthCallbackPage = page(() => import("@/features/auth"), "AuthCallbackPage");
const PremiumPage = page(() => import("@/features/premium"), "PremiumPage");
const SongExplorerPage = page(() => import("@/features/song-explorer"), "SongExplorerPage");
const info = () => import("@/features/info");
const AboutPage = page(info, "AboutPage");
const PrivacyPolicyPage = page(info, "PrivacyPolicyPage");
const TermsPage = page(info, "TermsPage");
const PricingPolicyPage = page(info, "PricingPolicyPage");
const CancellationPolicyPage = page(info, "CancellationPolicyPage");
const ShippingPolicyPage = page(info, "ShippingPolicyPage");
const ContactPage = page(info, "ContactPage");
const AcknowledgmentsPage = page(info, "AcknowledgmentsPage");

/** Every route of PRODUCT §2's route table. Unknown paths render Home. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/auth", element: <AuthPage /> },
      { path: "/auth/callback", element: <AuthCallbackPage /> },
      { path: "/scale-explorer", element: <ScaleExplorerPage /> },
      { path: "/settings", element: <SettingsPage /> },
      { path: "/search", element: <SearchPage /> },
      { path: "/sheet/:id", element: <SharedSheetPage /> },
      { path: "/vocal-detector", element: <VocalDetectorPage /> },
      { path: "/live", element: <LivePage /> },
      { path: "/learn", element: <LearnPage /> },
      { path: "/learn/ear-training", element: <EarTrainingPage /> },
      { path: "/learn/:slug", element: <LessonPage /> },
      { path: "/piano-visualizer", element: <PianoPage /> },
      { path: "/guitar-visualizer", element: <GuitarPage /> },
      { path: "/premium", element: <PremiumPage /> },
      { path: "/song-explorer", element: <SongExplorerPage /> },
      { path: "/blog", element: <BlogPage /> },
      { path: "/blog/:slug", element: <BlogPostPage /> },
      { path: "/about", element: <AboutPage /> },
      { path: "/privacy-policy", element: <PrivacyPolicyPage /> },
      { path: "/terms", element: <TermsPage /> },
      { path: "/pricing-policy", element: <PricingPolicyPage /> },
      { path: "/cancellation-policy", element: <CancellationPolicyPage /> },
      { path: "/shipping-policy", element: <ShippingPolicyPage /> },
      { path: "/contactform", element: <ContactPage /> },
      { path: "/acknowledgments", element: <AcknowledgmentsPage /> },
      { path: "*", element: <HomePage /> },
    ],
  },
];
