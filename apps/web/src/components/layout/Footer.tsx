import { Link } from "react-router-dom";
import { LogoMark } from "@/components/icons";
import { socialLinks } from "./social";

const links = [
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms & Conditions" },
  { to: "/pricing-policy", label: "Pricing Policy" },
  { to: "/cancellation-policy", label: "Cancellation & Refund" },
  { to: "/shipping-policy", label: "Shipping Policy" },
  { to: "/contactform", label: "Contact Us" },
];

/** Tonic's own profiles, set at build time (`VITE_SOCIAL_*_URL`); none configured, none shown. */
const social = socialLinks(import.meta.env);

/** Site footer; shown on the home path only (PRODUCT §2 "Navigation"). */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-6 py-10 md:grid-cols-[1fr_2fr]">
        <div>
          <div className="flex items-center gap-2 text-lg font-bold">
            <LogoMark /> Tonic
          </div>
          <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-400">
            Learn music theory and see the key, tempo and chords of the songs you love.
          </p>
          {social.length > 0 && (
            <ul className="mt-4 flex gap-4 text-sm" aria-label="Social links">
              {social.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-slate-600 hover:text-violet-700 dark:text-slate-400"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="text-slate-700 hover:text-violet-700 dark:text-slate-300">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500 dark:border-slate-800">
        © {new Date().getFullYear()} Tonic. All rights reserved.
      </p>
    </footer>
  );
}
