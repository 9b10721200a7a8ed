import { NavLink } from "@remix-run/react";
import { LogoutButton } from "./logout-dialog";

/** The member menu in the spec's order (spec 1 §2). */
export const MEMBER_MENU: ReadonlyArray<{ label: string; to: string }> = [
  { label: "Home", to: "/" },
  { label: "Profile", to: "/member/profile" },
  { label: "Advertiser", to: "/member/advertiser" },
  { label: "Dashboard", to: "/member/dashboard" },
  { label: "Withdraw", to: "/member/withdraw" },
  { label: "Balance Converter", to: "/member/balance-converter" },
  { label: "Refer & Earn", to: "/member/refer-and-earn" },
  { label: "GiftCode", to: "/member/gift-code" },
  { label: "PTC Ads", to: "/member/ptc-ads" },
  { label: "Click Short Link", to: "/member/click-shorten-link" },
  { label: "Task Walls", to: "/member/task-wall" },
  { label: "Betting Games", to: "/member/betting-games" },
];

export const MEMBER_MENU_FOOT: ReadonlyArray<{ label: string; to: string }> = [
  { label: "Support", to: "/member/support" },
  { label: "Settings", to: "/member/settings" },
];

const item = "block rounded-lg px-3 py-2 text-sm font-medium transition";
const itemClass = ({ isActive }: { isActive: boolean }) =>
  `${item} ${isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`;

/** The side menu's content; `onNavigate` lets the mobile drawer close itself after a choice. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Member Menu" className="flex h-full flex-col">
      <p className="px-3 pb-2 pt-1 text-xs font-bold uppercase tracking-wider text-slate-500">Member Menu</p>
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
              {m.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <hr className="my-3 border-slate-200" />
      <ul className="space-y-0.5">
        {MEMBER_MENU_FOOT.map((m) => (
          <li key={m.to}>
            <NavLink to={m.to} prefetch="intent" className={itemClass} onClick={onNavigate}>
              {m.label}
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
