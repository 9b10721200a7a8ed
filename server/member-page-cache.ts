import { requestLocale } from "../shared/i18n/locale";
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { readCookie } from "../api/sessions/sessionAuth";
import type { PageKeeping } from "../app/load-context";
import { answerStored, renderAndKeep, type StoredPage } from "./page-cache";

/**
 * A member's page rendered moments ago is the same page as long as nothing it shows has changed.
 * Pages listed here are kept rendered per session, under the version their loaders read (the API's
 * entity tag for the page's data, handed over with `PageKeeping.keep`). The next view of the page
 * asks the API whether that version is still current (a conditional HEAD: the session check and
 * one small query, no rendering) and, if so, is answered from the kept page with its own nonce.
 * Anything else renders: a changed version, an ended session (the render then redirects), a toast
 * to show, a loader that could not read its data (`refuse`), or a page that sets a cookie.
 */
export const KEPT_MEMBER_PAGES: ReadonlyMap<string, string> = new Map([
  // page → the API read whose entity tag versions everything the page shows
  ["/member/dashboard", "/userRoute/userDataGet_dashboard"],
]);

/** One render's say on whether its page may be kept, and under which version. */
export class PageKeepingVote implements PageKeeping {
  version: string | undefined;
  refused = false;

  keep(version: string): void {
    // Two loaders that read different versions made a page of mixed data: not one to keep.
    if (this.version !== undefined && this.version !== version) this.refused = true;
    this.version = version;
  }

  refuse(): void {
    this.refused = true;
  }
}

export interface MemberPageCacheOptions {
  /** How long a kept page may be offered at all (it is still checked against its version every time). */
  ttlMs: number;
  /** The most pages kept (the least recently used go first). */
  maxPages: number;
  /**
   * Whether `version` is still the current version of the page's data for this request's session:
   * true only when the API says so (304). Any other answer or failure renders the page.
   */
  isCurrent: (req: IncomingMessage, apiPath: string, version: string) => Promise<boolean>;
  now?: () => number;
}

interface KeptPage extends StoredPage {
  version: string;
}

export function createMemberPageCache(options: MemberPageCacheOptions) {
  const now = options.now ?? Date.now;
  const pages = new Map<string, KeptPage>();

  function keyOf(req: IncomingMessage, sid: string): string {
    // The session, not the member: a page is never offered to another session, even the same member's.
    const session = createHash("sha256").update(sid).digest("base64url");
    const h = req.headers;
    const locale = requestLocale({ cookie: h.cookie, acceptLanguage: h["accept-language"] });
    return [session, locale, h.host, h["x-forwarded-host"], h["x-forwarded-proto"], req.url].join("\n");
  }

  function store(key: string, page: KeptPage) {
    pages.delete(key);
    while (pages.size >= options.maxPages) {
      const oldest = pages.keys().next().value;
      if (oldest === undefined) break;
      pages.delete(oldest);
    }
    pages.set(key, page);
  }

  /**
   * Answers a kept member page when its version is current, or lets `render` answer (with a vote
   * its loaders fill in) and keeps what it wrote. `nonce` is the one `render` puts in the page.
   */
  return function serve(
    req: IncomingMessage,
    res: ServerResponse,
    nonce: string,
    render: (vote?: PageKeepingVote) => void,
  ): void {
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    const apiPath = KEPT_MEMBER_PAGES.get(pathname);
    const cookies = req.headers.cookie;
    const sid = readCookie(cookies, "sid");
    if (options.ttlMs <= 0 || !apiPath || req.method !== "GET" || !sid || readCookie(cookies, "toast"))
      return render();
    const key = keyOf(req, sid);
    const at = now();

    const renderAndStore = () => {
      const vote = new PageKeepingVote();
      renderAndKeep(
        req,
        res,
        nonce,
        () => render(vote),
        (page) => {
          if (vote.version !== undefined && !vote.refused)
            store(key, { ...page, storedAt: at, version: vote.version });
        },
      );
    };

    const kept = pages.get(key);
    if (!kept || at - kept.storedAt >= options.ttlMs) {
      pages.delete(key);
      return renderAndStore();
    }
    options
      .isCurrent(req, apiPath, kept.version)
      .catch(() => false)
      .then((current) => {
        if (!current || pages.get(key) !== kept) {
          if (pages.get(key) === kept) pages.delete(key);
          return renderAndStore();
        }
        store(key, kept); // the most recently used now
        return answerStored(req, res, kept, nonce);
      })
      .catch(() => res.destroy());
  };
}
