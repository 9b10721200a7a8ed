import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, isLocale } from "../../shared/i18n/locale";
import { isSameSiteNavigation, safeBackPath, siteOriginOf } from "../../shared/sameSite";
import { callApi } from "../utils/api.server";

/**
 * The language switch (issue 23): `GET /language?set=hi&back=/path` — a plain link, so it works
 * without JavaScript — remembers the choice in the `lang` cookie for a year and, for a signed-in
 * member who pressed it on this site, on their account (their mails go out in it, and their next
 * sign-in on another phone picks it up), then goes back to the page it was chosen on.
 *
 * Issue 42: `back` is read as a browser reads it and only a path of this site is followed
 * (anything else goes to `/`), percent-encoded, so no `back` can lead off the site or break the
 * Location header. A link on another site may change the cookie, never the account. An unknown
 * language changes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const set = url.searchParams.get("set");
  const site = siteOriginOf(request);
  const to = safeBackPath(url.searchParams.get("back"), site);
  if (!isLocale(set)) return redirect(to, 303);
  // Stored for a member; for a visitor (or an ended session) the API refuses and the cookie is all.
  if (isSameSiteNavigation(request, site))
    await callApi(request, context, "/userRoute/userLanguage_patch", {
      method: "PATCH",
      obj: { language: set },
    });
  const secure = url.protocol === "https:" ? "; Secure" : "";
  return redirect(to, {
    status: 303,
    headers: {
      "Set-Cookie": `${LOCALE_COOKIE}=${set}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly${secure}`,
      "Cache-Control": "no-store",
    },
  });
}
