import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { waitForHydration } from "./fixtures";

/**
 * axe-core's WCAG 2.x A/AA and best-practice rules on the page as the member sees it: hydrated, and
 * once its entrance has ended. A page reached in the browser fades in for 180 ms (`page-in`,
 * app/tailwind.css); checked mid-fade, its text has less contrast than it has, and color-contrast
 * fails now and then on a busy machine. Answers the violations, one line each (none: `[]`).
 */
export async function axeViolations(
  page: Page,
  opts: {
    /**
     * axe-core's experimental `label-content-name-mismatch` (a control's name starts with its
     * visible text); on unless a test says otherwise.
     */
    nameMismatch?: boolean;
  } = {},
): Promise<string[]> {
  // axe runs in the page's scripts, so on the page as they leave it: hydrated (the menu's no-script
  // toggle, for one, is hidden from assistive technology once the scripts run).
  await waitForHydration(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => (a as CSSAnimation).animationName === "page-in")
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page })
    // One run in the page itself: the default finishes each run in a new blank page (slower).
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ rules: { "label-content-name-mismatch": { enabled: opts.nameMismatch ?? true } } })
    .analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}
