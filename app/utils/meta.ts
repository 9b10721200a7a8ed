import type { MetaArgs } from "@remix-run/node";
import type { Catalogue } from "../i18n/en";

type Root = { env?: { SITE_NAME?: string }; titles?: Record<string, Record<string, string>> } | undefined;

type Titles = {
  [A in "common" | "pub" | "account" | "earn" | "adv"]: Catalogue[A]["titles"];
} & { games: Catalogue["earn"]["games"]["titles"] };
/** A page title's key: its area and its name in the area's `titles` ("account.withdraw", "games.hub"). */
export type TitleKey = {
  [A in keyof Titles]: `${A}.${Extract<keyof Titles[A], string>}`;
}[keyof Titles];

const rootData = (matches: MetaArgs["matches"]) => matches.find((m) => m.id === "root")?.data as Root;

/**
 * 'Payment Proof | Rupee Rewards': the page's name and the configured site name from the root
 * loader. A TitleKey is looked up in the page's language (the root loader sends that language's
 * titles); the operators' pages, in English only, pass their title as it is.
 */
export function pageTitle(matches: MetaArgs["matches"], title?: TitleKey | (string & {})): string {
  const root = rootData(matches);
  const site = root?.env?.SITE_NAME ?? "Rupee Rewards";
  if (!title) return site;
  const dot = title.indexOf(".");
  const translated = dot > 0 ? root?.titles?.[title.slice(0, dot)]?.[title.slice(dot + 1)] : undefined;
  return `${translated ?? title} | ${site}`;
}

/** The page's name alone, in the page's language (a page whose title has no site name). */
export function pageName(matches: MetaArgs["matches"], title: TitleKey): string {
  const key: string = title;
  const dot = key.indexOf(".");
  return rootData(matches)?.titles?.[key.slice(0, dot)]?.[key.slice(dot + 1)] ?? key;
}
