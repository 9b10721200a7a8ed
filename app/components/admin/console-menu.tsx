import { NavLink, useLocation } from "@remix-run/react";
import { sectionGroupsFor } from "~/utils/operator-sections";
import type { OperatorRole } from "../../../shared/operatorRoles";

/** The menu's name for assistive technology (tests find it by this name). */
export const CONSOLE_MENU_LABEL = "Operator menu";

/** The sections of `roles`, group by group; the current page's link is marked aria-current="page". */
function SectionLinks({
  roles,
  idPrefix,
  dense,
}: {
  roles: readonly OperatorRole[];
  idPrefix: string;
  /** Beside the page: 24 px rows, so every section fits a laptop's height; on a phone, rows for a thumb. */
  dense: boolean;
}) {
  const row = dense ? "py-0.5" : "py-2.5";
  return (
    <nav aria-label={CONSOLE_MENU_LABEL} className={`${dense ? "space-y-2" : "space-y-3"} text-sm`}>
      {sectionGroupsFor(roles).map(({ group, sections }) => {
        const headingId = `${idPrefix}-${group.toLowerCase()}`;
        return (
          <div key={group}>
            <p
              id={headingId}
              className="px-2 text-xs font-semibold uppercase leading-4 tracking-wide text-slate-600"
            >
              {group}
            </p>
            <ul aria-labelledby={headingId} className="mt-1">
              {sections.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    end={s.to === "/admin"}
                    className={({ isActive }) =>
                      `block rounded-md px-2 ${row} font-medium leading-5 ${isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`
                    }
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/**
 * The console's sidebar: on a phone (below 768 px) folded behind a "Menu" button — a native
 * <details>, so it opens without JavaScript too, and closes again on the next page — and from
 * 768 px always shown beside the page, sticky, every section without scrolling sideways. Only one
 * of the two is displayed at a width, so the page has one menu.
 */
export function ConsoleMenu({ roles }: { roles: readonly OperatorRole[] }) {
  const { pathname } = useLocation();
  return (
    <>
      <details key={pathname} className="group md:hidden" data-testid="console-menu-phone">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="text-base leading-none">
            ☰
          </span>
          Menu
        </summary>
        <div className="mt-2 rounded-md border border-slate-200 bg-white p-2">
          <SectionLinks roles={roles} idPrefix="menu-phone" dense={false} />
        </div>
      </details>
      <div
        className="sticky top-0 hidden max-h-screen overflow-y-auto py-1 md:block"
        data-testid="console-menu"
      >
        <SectionLinks roles={roles} idPrefix="menu" dense />
      </div>
    </>
  );
}
