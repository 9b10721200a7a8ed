import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LogoutButton } from "./logout-dialog";
import type { Catalogue } from "~/i18n/en";

/** The member menu in the spec's order (spec 1 §2). */
/** Each item's catalogue key (memberMenu.*), its English label (the spec's words) and its page. */
type MenuItem = { key: keyof Catalogue["memberMenu"]; label: string; to: string };

export const MEMBER_MENU: ReadonlyArray<MenuItem> = [
  { key: "home", label: "Home", to: "/" },
  { key: "profile", label: "Profile", to: "/member/profile" },
  { key: "advertiser", label: "Advertiser", to: "/member/advertiser" },
  { key: "dashboard", label: "Dashboard", to: "/member/dashboard" },
  { key: "withdraw", label: "Withdraw", to: "/member/withdraw" },
  { key: "balanceConverter", label: "Balance Converter", to: "/member/balance-converter" },
  { key: "referAndEarn", label: "Refer & Earn", to: "/member/refer-and-earn" },
  { key: "giftCode", label: "GiftCode", to: "/member/gift-code" },
  { key: "ptcAds", label: "PTC Ads", to: "/member/ptc-ads" },
  { key: "clickShortLink", label: "Click Short Link", to: "/member/click-shorten-link" },
  { key: "taskWalls", label: "Task Walls", to: "/member/task-wall" },
  { key: "bettingGames", label: "Betting Games", to: "/member/betting-games" },
];

export const MEMBER_MENU_FOOT: ReadonlyArray<MenuItem> = [
  { key: "support", label: "Support", to: "/member/support" },
  { key: "settings", label: "Settings", to: "/member/settings" },
];

const item = "block rounded-lg px-3 py-2 text-sm font-medium transition";
const itemClass = ({ isActive }: { isActive: boolean }) =>
  `${item} ${isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`;

/** The side menu's content; `onNavigate` lets the mobile drawer close itself after a choice. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("memberMenu.title")} className="flex h-full flex-col">
      <p className="px-3 pb-2 pt-1 text-xs font-bold uppercase tracking-wider text-slate-500">
        {t("memberMenu.title")}
      </p>
      <ul className="space-y-0.5">
        {MEMBER_MENU.map((m) => (
          <li key={m.to}>
            <NavLink
              to={m.to}
              end={m.to === "/"}
              prefetch="intent"
              className={itemClass}
              onClick={onNavigate}
            >
              {t(`memberMenu.${m.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <hr className="my-3 border-slate-200" />
      <ul className="space-y-0.5">
        {MEMBER_MENU_FOOT.map((m) => (
          <li key={m.to}>
            <NavLink to={m.to} prefetch="intent" className={itemClass} onClick={onNavigate}>
              {t(`memberMenu.${m.key}`)}
            </NavLink>
          </li>
        ))}
        <li>
          <LogoutButton className={`${item} text-red-600 hover:bg-red-50`} onOpen={onNavigate} />
        </li>
      </ul>
    </nav>
  );
}
