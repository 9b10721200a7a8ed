import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * A page's Sound toggle (spec 2 §4): on by default; off is remembered 2,880 minutes in `cookieName`
 * (read by the server, so a reload keeps it); on again removes it.
 */
export async function expectSoundToggleRemembered(page: Page, cookieName: string): Promise<void> {
  const sound = () => page.getByRole("button", { name: "Sound" });
  const cookie = async () => (await page.context().cookies()).find((c) => c.name === cookieName);
  await expect(sound()).toHaveAttribute("aria-pressed", "true");
  await sound().click();
  await expect.poll(async () => Boolean(await cookie())).toBe(true);
  // Once the answer is in, the button still says what the member chose.
  await expect(sound()).toHaveAttribute("aria-pressed", "false");
  expect((await cookie())!.expires * 1000 - Date.now()).toBeGreaterThan(2879 * 60_000);
  await page.reload();
  await expect(sound()).toHaveAttribute("aria-pressed", "false");
  await sound().click();
  await expect.poll(async () => Boolean(await cookie())).toBe(false);
  await expect(sound()).toHaveAttribute("aria-pressed", "true");
}
