import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { Link, useLocation, useMatches, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SideMenu } from "./side-menu";
import { LanguageSwitch } from "./language-switch";
import { rupees } from "../../shared/money";
import { Footer } from "./footer";
import { useRevalidateOnOnline } from "~/utils/revalidate-on-online";
import { useHydrated } from "~/utils/client-toast";
import { rememberAccount } from "~/utils/remembered-account";

const MENU_TOGGLE_ID = "member-menu-toggle";

/** A member route's `handle`: `hideNav` shows the page alone, without the bar and the menu. */
export interface MemberRouteHandle {
  hideNav?: boolean;
}

/** The ad-viewing pages hide the navigation bar (spec 2 §2). */
export function useNavHidden(): boolean {
  return useMatches().some((m) => (m.handle as MemberRouteHandle | undefined)?.hideNav === true);
}

/** A thin bar at the top while a page or its data is on the way. */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      aria-hidden={!busy}
      role={busy ? "progressbar" : undefined}
      aria-label={busy ? t("memberBar.loading") : undefined}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[65] h-1 overflow-hidden transition-opacity duration-200 ${busy ? "opacity-100" : "opacity-0"}`}
    >
      <div className="h-full w-full animate-pulse bg-brand-500" />
    </div>
  );
}

/**
 * The mobile drawer closes on a click or tap outside it, on a wheel turn and on a touch move
 * (spec 1 §2), and after a navigation. A tap on Menu before the scripts arrived opened it through
 * the checkbox `toggle`: it stays open once React drives it.
 */
function useDrawer(toggle: RefObject<HTMLInputElement>) {
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (toggle.current?.checked) setOpen(true);
  }, [toggle]);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node | null;
      if (target && drawer.current?.contains(target)) return;
      if (target instanceof Element && target.closest("[data-menu-toggle]")) return;
      setOpen(false);
    };
    const close = () => setOpen(false);
    document.addEventListener("pointerdown", outside);
    window.addEventListener("wheel", close, { passive: true });
    window.addEventListener("touchmove", outside, { passive: true });
    return () => {
      document.removeEventListener("pointerdown", outside);
      window.removeEventListener("wheel", close);
      window.removeEventListener("touchmove", outside);
    };
  }, [open]);

  return { open, setOpen, drawer };
}

export function MemberLayout({
  availableBalance,
  email,
  loadError,
  operator = false,
  site,
  children,
}: {
  availableBalance: string | null;
  email: string | null;
  loadError: string | null;
  /** An operator's session: a link to the console beside the menu. */
  operator?: boolean;
  /** What the shared footer needs. */
  site: { siteName: string; origin: string; channelId: string | null };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const toggle = useRef<HTMLInputElement>(null);
  const { open, setOpen, drawer } = useDrawer(toggle);
  const navHidden = useNavHidden();
  // Member pages refetch their data when the connection returns (spec 1 §4).
  useRevalidateOnOnline();

  // The device remembers the account it logs in to (the login and sign-up rules read it).
  useEffect(() => {
    if (email) rememberAccount(email);
  }, [email]);

  if (navHidden) {
    return (
      <div className="min-h-screen bg-slate-50">
        <main key={pathname} className="page-enter px-3 py-4 lg:px-6">
          {children}
        </main>
      </div>
    );
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <ProgressBar />
      {/* Without JavaScript this checkbox opens the drawer through CSS; with it, React drives it. */}
      <input
        ref={toggle}
        id={MENU_TOGGLE_ID}
        type="checkbox"
        className="peer sr-only"
        tabIndex={hydrated ? -1 : 0}
        aria-label={t("memberBar.menu")}
        checked={open}
        onChange={(e) => setOpen(e.currentTarget.checked)}
        aria-hidden={hydrated ? true : undefined}
      />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="flex h-14 items-center gap-2 px-3 lg:px-6">
          {hydrated ? (
            <button
              type="button"
              data-menu-toggle
              className="btn-secondary gap-1.5 px-2.5 text-xs sm:text-sm lg:hidden"
              aria-expanded={open}
              aria-controls="member-side-menu"
              onClick={() => setOpen((o) => !o)}
            >
              <MenuIcon />
              {t("memberBar.menu")}
            </button>
          ) : (
            <label
              htmlFor={MENU_TOGGLE_ID}
              className="btn-secondary cursor-pointer gap-1.5 px-2.5 text-xs sm:text-sm lg:hidden"
            >
              <MenuIcon />
              {t("memberBar.menu")}
            </label>
          )}
          <Link to="/member/dashboard" className="hidden text-base font-extrabold text-brand-700 sm:block">
            {site.siteName}
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {/* On a narrow phone the label and the amount stack, so a six-digit balance still fits. */}
            <Link
              to="/member/withdraw"
              className="rounded-lg bg-green-50 px-2 py-1 text-center text-[11px] font-semibold leading-tight text-green-800 ring-1 ring-green-200 hover:bg-green-100 sm:whitespace-nowrap sm:py-1.5 sm:text-sm"
              data-testid="available-balance"
            >
              <span className="block sm:inline">{t("memberBar.availableBalance")}</span>{" "}
              <span className="block text-xs font-bold sm:inline sm:text-sm">{rupees(availableBalance)}</span>
            </Link>
            <Link
              to="/member/profile"
              className="rounded-lg px-2 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-100 sm:text-sm"
            >
              {t("memberBar.profile")}
            </Link>
          </div>
        </div>
      </header>
      {/* The backdrop behind the open drawer; tapping it closes the drawer (a label, so also without JavaScript). */}
      <label
        htmlFor={MENU_TOGGLE_ID}
        aria-hidden
        className="fixed inset-0 z-30 hidden bg-slate-900/40 peer-checked:block lg:!hidden"
      />
      <aside
        id="member-side-menu"
        ref={drawer}
        className="invisible fixed inset-y-0 left-0 z-40 w-64 -translate-x-full overflow-y-auto border-r border-slate-200 bg-white p-3 shadow-xl transition-transform duration-200 peer-checked:visible peer-checked:translate-x-0 lg:visible lg:top-14 lg:z-20 lg:translate-x-0 lg:shadow-none"
      >
        {operator ? (
          <Link
            to="/admin"
            className="mb-3 block rounded-lg border border-brand-200 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            data-testid="console-link"
          >
            {t("memberBar.console")}
          </Link>
        ) : null}
        <SideMenu onNavigate={() => setOpen(false)} />
        {/* Beside the menu, not in it: the menu holds the spec's items only. */}
        <LanguageSwitch className="mt-3 border-t border-slate-200 px-3 pt-3 text-slate-700" />
      </aside>
      <div className="flex min-h-[calc(100vh-3.5rem)] flex-col lg:pl-64">
        {loadError ? (
          <p
            role="alert"
            className="mx-3 mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 lg:mx-6"
          >
            {loadError}
          </p>
        ) : null}
        {/* Keyed by path: each page change replays the short fade-and-slide (spec 2 §2). */}
        <main key={pathname} className="page-enter flex-1 px-3 py-4 lg:px-6 lg:py-6">
          {children}
        </main>
        <Footer siteName={site.siteName} origin={site.origin} channelId={site.channelId} />
      </div>
    </div>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
    </svg>
  );
}
