import { Link } from "@remix-run/react";
import { FaqLink } from "./top-bar";

/** The rating the footer's review badge displays (spec 1 §9). */
export const REVIEW_RATING = 4.3;

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-hidden className="flex">
      {[1, 2, 3, 4, 5].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - (i - 1)));
        return (
          <span key={i} className="relative text-lg leading-none text-slate-300">
            ★
            <span
              className="absolute inset-0 overflow-hidden text-amber-400"
              style={{ width: `${fill * 100}%` }}
            >
              ★
            </span>
          </span>
        );
      })}
    </span>
  );
}

const footerLink = "text-sm text-slate-300 hover:text-white";

/**
 * Social links: the video channel when one is configured, and share links for the messengers our
 * members use, so a member can pass the site on in one tap.
 */
function socialLinks(origin: string, siteName: string, channelId: string | null) {
  const text = encodeURIComponent(`Earn money online with ${siteName}: ${origin}`);
  const url = encodeURIComponent(origin);
  return [
    ...(channelId
      ? [{ label: "YouTube", href: `https://www.youtube.com/channel/${encodeURIComponent(channelId)}` }]
      : []),
    { label: "WhatsApp", href: `https://wa.me/?text=${text}` },
    {
      label: "Telegram",
      href: `https://t.me/share/url?url=${url}&text=${encodeURIComponent(`Earn money online with ${siteName}`)}`,
    },
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { label: "X", href: `https://x.com/intent/post?text=${text}` },
  ];
}

export function Footer({
  siteName,
  origin,
  channelId,
}: {
  siteName: string;
  origin: string;
  channelId: string | null;
}) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="mt-2 max-w-sm text-sm">
            Earn real money in your free time — view ads, open links, complete tasks and withdraw to UPI,
            Paytm or your bank.
          </p>
          <div
            className="mt-4 inline-flex items-center gap-3 rounded-lg border border-slate-700 bg-slate-800 px-3 py-2"
            data-testid="review-badge"
            role="img"
            aria-label={`Rated ${REVIEW_RATING} out of 5 by our reviewers`}
          >
            <Stars rating={REVIEW_RATING} />
            <span className="text-sm">
              <strong className="text-white">{REVIEW_RATING}</strong> out of 5 · Reviews
            </span>
          </div>
        </div>
        <nav aria-label="Footer">
          <p className="text-sm font-semibold uppercase tracking-wide text-white">Information</p>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/privacy-policy" className={footerLink}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-use" className={footerLink}>
                Terms of Use
              </Link>
            </li>
            <li>
              <Link to="/dmca" className={footerLink}>
                DMCA
              </Link>
            </li>
            <li>
              <Link to="/contact-us" className={footerLink}>
                Contact Us
              </Link>
            </li>
            <li>
              <FaqLink className={footerLink} />
            </li>
          </ul>
        </nav>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-white">Follow and share</p>
          <ul className="mt-3 space-y-2">
            {socialLinks(origin, siteName, channelId).map((s) => (
              <li key={s.label}>
                <a href={s.href} className={footerLink} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-4 text-center text-xs text-slate-400">
          © 2025 {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
