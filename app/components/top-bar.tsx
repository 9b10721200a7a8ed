import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { Link, NavLink, useLocation, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "./language-switch";

/** The spec's delay between arriving on the home page and scrolling to its FAQ (spec 1 §9). */
export const FAQ_SCROLL_DELAY_MS = 300;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

export function scrollToFaq(): void {
  document
    .getElementById("faq")
    ?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
}

/** When FAQ was chosen on another page: the home page's FAQ scrolls itself into view once rendered. */
let faqScrollRequestedAt = 0;
/** A request older than this (the member went elsewhere meanwhile) is dropped. */
const FAQ_SCROLL_REQUEST_TTL_MS = 10_000;

/**
 * Called by the FAQ section when it mounts: scrolls 300 ms later if FAQ was chosen elsewhere. The
 * request is cleared only when the scroll happens, so a mount that is undone at once (React's
 * strict mode in development) does not lose it.
 */
export function schedulePendingFaqScroll(): ReturnType<typeof setTimeout> | undefined {
  if (Date.now() - faqScrollRequestedAt > FAQ_SCROLL_REQUEST_TTL_MS) return undefined;
  return setTimeout(() => {
    faqScrollRequestedAt = 0;
    scrollToFaq();
  }, FAQ_SCROLL_DELAY_MS);
}

/**
 * FAQ: goes to / and, 300 ms later, scrolls to the FAQ section (counted from when the home page is
 * shown, so a slow network cannot make it scroll a page that is not there yet). Without
 * JavaScript it is a plain link to /#faq, which the browser scrolls to by itself.
 */
export function FaqLink({
  className,
  children,
  onNavigate,
}: {
  className?: string;
  children?: ReactNode;
  onNavigate?: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate?.();
    if (location.pathname === "/") {
      setTimeout(scrollToFaq, FAQ_SCROLL_DELAY_MS);
      return;
    }
    faqScrollRequestedAt = Date.now();
    navigate("/");
  };
  return (
    <Link to="/#faq" className={className} onClick={onClick}>
      {children ?? t("nav.faq")}
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`;
const plainLink = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100";

function AccountButtons({ isLogin, onNavigate }: { isLogin: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  if (isLogin) {
    return (
      <Link to="/member/dashboard" className="btn-primary" onClick={onNavigate} data-testid="nav-dashboard">
        {t("nav.dashboard")}
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" className="btn-secondary" onClick={onNavigate}>
        {t("nav.login")}
      </Link>
      <Link to="/signup" className="btn-primary" onClick={onNavigate}>
        {t("nav.signUp")}
      </Link>
    </>
  );
}

/**
 * The public top bar (spec 1 §2). On small screens the links sit in a menu built on <details>, so
 * it opens without JavaScript; with JavaScript it also closes on an outside click, a wheel or a
 * touch move, and after navigating.
 */
export function TopBar({ isLogin, siteName }: { isLogin: boolean; siteName: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const { t } = useTranslation();
  const close = () => {
    if (menu.current?.open) menu.current.open = false;
  };

  useEffect(() => {
    const onPointer = (e: Event) => {
      const el = menu.current;
      if (el?.open && e.target instanceof Node && !el.contains(e.target)) el.open = false;
    };
    const onScrollGesture = () => {
      if (menu.current?.open) menu.current.open = false;
    };
    document.addEventListener("click", onPointer);
    document.addEventListener("wheel", onScrollGesture, { passive: true });
    document.addEventListener("touchmove", onScrollGesture, { passive: true });
    return () => {
      document.removeEventListener("click", onPointer);
      document.removeEventListener("wheel", onScrollGesture);
      document.removeEventListener("touchmove", onScrollGesture);
    };
  }, []);

  // Closes after a navigation, not on the first run: a menu opened before the scripts loaded
  // (a slow phone) stays open when they do.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (menu.current?.open) menu.current.open = false;
  }, [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4">
        <Link
          to="/"
          className="flex items-center gap-2 font-bold text-slate-900"
          aria-label={t("nav.siteHome", { siteName })}
        >
          <span
            aria-hidden
            className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-lg text-white"
          >
            ₹
          </span>
          <span>{siteName}</span>
        </Link>

        <nav className="hidden items-center gap-1 md:flex" aria-label={t("nav.main")}>
          <NavLink to="/" end className={linkClass}>
            {t("nav.home")}
          </NavLink>
          <FaqLink className={plainLink} />
          <NavLink to="/contact-us" className={linkClass}>
            {t("nav.contactUs")}
          </NavLink>
          <NavLink to="/payment-proof" className={linkClass}>
            {t("nav.paymentsProof")}
          </NavLink>
        </nav>
        <div className="hidden items-center gap-3 md:flex">
          <LanguageSwitch />
          <AccountButtons isLogin={isLogin} />
        </div>

        <details ref={menu} className="relative md:hidden" data-testid="mobile-menu">
          <summary
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg border border-slate-300 text-slate-700 [&::-webkit-details-marker]:hidden"
            aria-label={t("nav.menu")}
          >
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="absolute right-0 top-12 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
            <nav className="flex flex-col" aria-label={t("nav.mainMobile")}>
              <NavLink to="/" end className={linkClass} onClick={close}>
                {t("nav.home")}
              </NavLink>
              <FaqLink className={plainLink} onNavigate={close} />
              <NavLink to="/contact-us" className={linkClass} onClick={close}>
                {t("nav.contactUs")}
              </NavLink>
              <NavLink to="/payment-proof" className={linkClass} onClick={close}>
                {t("nav.paymentsProof")}
              </NavLink>
            </nav>
            <div className="mt-2 flex gap-2 border-t border-slate-100 pt-2 [&>*]:flex-1">
              <AccountButtons isLogin={isLogin} onNavigate={close} />
            </div>
            <LanguageSwitch className="mt-2 border-t border-slate-100 px-3 pt-2" />
          </div>
        </details>
      </div>
    </header>
  );
}
