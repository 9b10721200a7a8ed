import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FaqLink } from "./top-bar";
import { LanguageSwitch } from "./language-switch";

/** The rating the footer's review badge displays (spec 1 §9). */
export const REVIEW_RATING = 4.3;

/** The badge's star glyph: a picture (aria-hidden), not a word to translate. */
const STAR = "★";

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-hidden className="flex">
      {[1, 2, 3, 4, 5].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - (i - 1)));
        return (
          <span key={i} className="relative text-lg leading-none text-slate-300">
            {STAR}
            <span
              className="absolute inset-0 overflow-hidden text-amber-400"
              style={{ width: `${fill * 100}%` }}
            >
              {STAR}
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
function socialLinks(origin: string, shareText: string, channelId: string | null) {
  const text = encodeURIComponent(`${shareText}: ${origin}`);
  const url = encodeURIComponent(origin);
  return [
    ...(channelId
      ? [{ label: "YouTube", href: `https://www.youtube.com/channel/${encodeURIComponent(channelId)}` }]
      : []),
    { label: "WhatsApp", href: `https://wa.me/?text=${text}` },
    {
      label: "Telegram",
      href: `https://t.me/share/url?url=${url}&text=${encodeURIComponent(shareText)}`,
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
  const { t } = useTranslation();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="mt-2 max-w-sm text-sm">{t("footer.tagline")}</p>
          <div
            className="mt-4 inline-flex items-center gap-3 rounded-lg border border-slate-700 bg-slate-800 px-3 py-2"
            data-testid="review-badge"
            role="img"
            aria-label={t("footer.rated", { rating: REVIEW_RATING })}
          >
            <Stars rating={REVIEW_RATING} />
            <span className="text-sm">
              <strong className="text-white">{REVIEW_RATING}</strong> {t("footer.outOfFive")}
            </span>
          </div>
        </div>
        <nav aria-label={t("footer.footer")}>
          <p className="text-sm font-semibold uppercase tracking-wide text-white">
            {t("footer.information")}
          </p>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/privacy-policy" className={footerLink}>
                {t("footer.privacyPolicy")}
              </Link>
            </li>
            <li>
              <Link to="/terms-of-use" className={footerLink}>
                {t("footer.termsOfUse")}
              </Link>
            </li>
            <li>
              <Link to="/dmca" className={footerLink}>
                {t("footer.dmca")}
              </Link>
            </li>
            <li>
              <Link to="/contact-us" className={footerLink}>
                {t("nav.contactUs")}
              </Link>
            </li>
            <li>
              <Link to="/grievance" className={footerLink}>
                {t("footer.grievanceOfficer")}
              </Link>
            </li>
            <li>
              <FaqLink className={footerLink} />
            </li>
          </ul>
        </nav>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-white">
            {t("footer.followAndShare")}
          </p>
          <ul className="mt-3 space-y-2">
            {socialLinks(origin, t("footer.shareText", { siteName }), channelId).map((s) => (
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
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-4 text-xs text-slate-400">
          <p>{t("footer.rights", { siteName })}</p>
          <LanguageSwitch className="text-slate-300" />
        </div>
      </div>
    </footer>
  );
}
