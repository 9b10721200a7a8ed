import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FullConfig } from "@playwright/test";
import { startSmtpCapture } from "../support/smtp-capture";
import { startYouTubePlayerStandIn } from "../support/youtube-player";
import { E2E_MAIL_DIR, E2E_OIDC_PORT, E2E_ORIGIN, E2E_SMTP_PORT, E2E_YT_PORT } from "../../playwright.config";

/**
 * Starts the capture SMTP server, the local OpenID provider and the YouTube player stand-in. Playwright starts the web servers before global setup; they connect to these
 * only when they need them, so that is fine.
 * Then signs every operator role in once with the second factor (each code works once per
 * 30-second step, so the tests share those sessions), and sets the ads' test pricing. Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const mailDir = path.resolve(E2E_MAIL_DIR);
  rmSync(mailDir, { recursive: true, force: true });
  const smtp = await startSmtpCapture({ port: E2E_SMTP_PORT, dir: mailDir });
  const player = await startYouTubePlayerStandIn(E2E_YT_PORT);

  let oidc: { close(): Promise<void> | void } | undefined;
  const oidcFile = path.resolve("tests/support/oidc.ts");
  if (existsSync(oidcFile)) {
    const mod = (await import(pathToFileURL(oidcFile).href)) as {
      startOidcProvider(opts: {
        port: number;
        clientId: string;
        clientSecret: string;
        redirectUris: string[];
      }): Promise<{ issuer: string; close(): Promise<void> | void }>;
    };
    oidc = await mod.startOidcProvider({
      port: E2E_OIDC_PORT,
      clientId: "e2e-client",
      clientSecret: "e2e-secret",
      redirectUris: [`${E2E_ORIGIN}/auth/google/callback`],
    });
  } else {
    console.warn("[e2e] tests/support/oidc.ts not found: the local OpenID provider is not started.");
  }

  // The servers are up (Playwright starts them before global setup): sign the operator in once.
  const { signInRolesOnce, E2E_LOCK_DIR } = await import("./fixtures");
  await signInRolesOnce();
  // The ads' short test durations, set once: a test that set them itself could undo another
  // test's change of the same setting while it runs (ptc-operator.spec.ts edits it under a lock).
  const { setTestPricing } = await import("./ptc-helpers");
  rmSync(path.resolve(E2E_LOCK_DIR), { recursive: true, force: true });
  await setTestPricing();

  return async () => {
    await oidc?.close();
    await smtp.close();
    await player.close();
  };
}
