import type { MetaArgs } from "@remix-run/node";

/** 'Payment Proof | Rupee Rewards': the page's name and the configured site name from the root loader. */
export function pageTitle(matches: MetaArgs["matches"], title?: string): string {
  const root = matches.find((m) => m.id === "root")?.data as { env?: { SITE_NAME?: string } } | undefined;
  const site = root?.env?.SITE_NAME ?? "Rupee Rewards";
  return title ? `${title} | ${site}` : site;
}
