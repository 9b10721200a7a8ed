/**
 * The mixed load of the multi-node run, every request through nginx: anonymous pages, logins,
 * dashboards (page and API read), ad views and claims, short links, offer-wall postbacks (each
 * sent twice at once, as a network's retry), conversions, withdrawals — and tic-tac-toe players
 * over socket.io (websocket through nginx) who reconnect through nginx when their node is lost.
 * Every HTTP answer is recorded (when sent, when answered, status, which node), so failures can be
 * told apart: in flight on a killed node, or not.
 */
import { createHash } from "node:crypto";
import { Agent } from "undici";
import { encodeObj } from "../../shared/obj.server";
import { OBJ_SECRET } from "./cluster";
import {
  AD_SECONDS,
  METHOD,
  PASSWORD,
  SHORTLINK_MIN_SECONDS,
  WALL_SECRET,
  type Member,
  type Site,
} from "./site";

/** One HTTP exchange through nginx. `status` 0: no answer (connection refused, reset, timeout). */
export interface Sent {
  kind: string;
  /** ms since the load's clock started. */
  started: number;
  ended: number;
  status: number;
  upstream?: string;
  error?: string;
  retry?: boolean;
}

/** What the load remembers for the books: what was attempted and what was answered as done. */
export interface Ledgerish {
  postbacks: Map<string, { member: Member; points: number; ok: boolean }>;
  adClaims: { attempted: number; ok: number };
  shortClaims: { attempted: number; ok: number };
  conversions: { attempted: Set<string>; ok: Set<string> };
  withdrawals: { attempted: Set<string>; ok: Set<string> };
}

export interface GameStats {
  joins: number;
  moves: number;
  refused: number;
  /** Acks that never came (their node was lost), with when they were asked and when given up. */
  lost: { at: number; failedAt: number; event: string; reason: string }[];
  /** Acks still awaited when the run closed its own sockets at the end (not lost: nobody waits for them). */
  abandoned: number;
  /**
   * Events sent as the node said goodbye (a socket.io disconnect from a draining node, which first
   * answers every event it received): not handled, so nothing is lost; the player asks again
   * after reconnecting.
   */
  goodbyes: number;
  reconnects: number;
  finished: number;
  cancelled: number;
  ends: Map<string, number>;
  openAtEnd: number;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fixed pseudo-random sequence (mulberry32): the same mix every run. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAGES = ["/", "/login", "/signup", "/payment-proof", "/privacy-policy", "/terms-of-use", "/contact-us"];

/** The mix: weights of each action a virtual member picks. */
const MIX: [string, number][] = [
  ["page", 20],
  ["login", 5],
  ["dashboard", 12],
  ["api-read", 12],
  ["ad", 12],
  ["shortlink", 10],
  ["postback", 10],
  ["conversion", 10],
  ["withdrawal", 5],
];

export class Load {
  readonly sent: Sent[] = [];
  readonly books: Ledgerish = {
    postbacks: new Map(),
    adClaims: { attempted: 0, ok: 0 },
    shortClaims: { attempted: 0, ok: 0 },
    conversions: { attempted: new Set(), ok: new Set() },
    withdrawals: { attempted: new Set(), ok: new Set() },
  };
  /** Odd answers (4xx) by kind and text, for the report. */
  readonly refusals = new Map<string, number>();
  readonly t0 = performance.now();
  private agent: Agent;
  private random = rng(20261126);
  private seq = 0;
  /** Ads each member has started (a campaign is viewed once a day). */
  private adsStarted = new Map<string, Set<string>>();
  private linksStarted = new Map<string, Set<string>>();

  constructor(
    readonly origin: string,
    readonly site: Site,
    connections: number,
  ) {
    this.agent = new Agent({ connections, keepAliveTimeout: 30_000 });
  }

  now() {
    return performance.now() - this.t0;
  }

  async close() {
    await this.agent.close();
  }

  /** One request through nginx, recorded. */
  async send(
    kind: string,
    pathName: string,
    init: { method?: string; cookie?: string; json?: unknown } = {},
    retry = false,
  ): Promise<{ status: number; text: string; headers?: Headers }> {
    const started = this.now();
    const headers: Record<string, string> = {};
    if (init.cookie) headers.cookie = init.cookie;
    if (init.json !== undefined) headers["content-type"] = "application/json";
    try {
      const res = await fetch(`${this.origin}${pathName}`, {
        method: init.method ?? "GET",
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        redirect: "manual",
        dispatcher: this.agent,
        signal: AbortSignal.timeout(30_000),
      } as RequestInit);
      const text = await res.text();
      this.sent.push({
        kind,
        started,
        ended: this.now(),
        status: res.status,
        upstream: res.headers.get("x-upstream") ?? undefined,
        retry,
      });
      if (res.status >= 400 && res.status < 500) {
        const key = `${kind} ${res.status} ${text.slice(0, 100)}`;
        this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
      }
      return { status: res.status, text, headers: res.headers };
    } catch (e) {
      const error = String((e as { cause?: unknown }).cause ?? e);
      this.sent.push({ kind, started, ended: this.now(), status: 0, error, retry });
      return { status: 0, text: "" };
    }
  }

  /** A money request with an idempotency handle: when no answer or a 5xx came, sent once more. */
  private async sendOnce(
    kind: string,
    pathName: string,
    init: { method: string; cookie: string; json: unknown },
  ) {
    const first = await this.send(kind, pathName, init);
    if (first.status !== 0 && first.status < 500) return first;
    await sleep(1000);
    return this.send(kind, pathName, init, true);
  }

  private obj(fields: unknown) {
    return { obj: encodeObj(OBJ_SECRET, fields) };
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  /**
   * `users` virtual members act until `until()` says stop, each doing one action after another
   * (claims that became due first). Answers the seconds it ran.
   */
  async run(users: number, keepGoing: () => boolean): Promise<number> {
    const started = performance.now();
    const total = MIX.reduce((s, [, w]) => s + w, 0);
    await Promise.all(
      Array.from({ length: users }, async (_, u) => {
        const member = this.site.members[u % this.site.members.length]!;
        const due: { at: number; run: () => Promise<void> }[] = [];
        const later = (ms: number, run: () => Promise<void>) => due.push({ at: this.now() + ms, run });
        while (keepGoing()) {
          const ready = due.findIndex((d) => d.at <= this.now());
          if (ready >= 0) {
            await due.splice(ready, 1)[0]!.run();
            continue;
          }
          let r = this.random() * total;
          const action = MIX.find(([, w]) => (r -= w) < 0)![0];
          await this.act(action, member, later);
        }
        // Claims already started are still made (their credits are part of the books).
        for (const d of due.sort((a, b) => a.at - b.at)) {
          const wait = d.at - this.now();
          if (wait > 0) await sleep(wait);
          await d.run();
        }
      }),
    );
    return (performance.now() - started) / 1000;
  }

  private async act(
    action: string,
    m: Member,
    later: (ms: number, run: () => Promise<void>) => void,
  ): Promise<void> {
    const n = ++this.seq;
    switch (action) {
      case "page":
        await this.send("page", this.pick(PAGES));
        return;
      case "dashboard":
        await this.send("dashboard page", "/member/dashboard", { cookie: m.cookie });
        return;
      case "api-read":
        await this.send("dashboard read", "/userRoute/userDataGet_dashboard", { cookie: m.cookie });
        return;
      case "login": {
        const res = await this.send("login", "/userRoute/login", {
          method: "POST",
          json: this.obj({ email_userName: m.email, password: PASSWORD, loginRemember_state: true }),
        });
        const sid = res.headers
          ?.getSetCookie()
          .find((c) => c.startsWith("sid="))
          ?.split(";")[0];
        if (res.status === 200 && sid) m.cookie = sid;
        return;
      }
      case "ad": {
        const seen = this.adsStarted.get(m.id) ?? new Set<string>();
        this.adsStarted.set(m.id, seen);
        const campaign = this.site.campaignIds.find((c) => !seen.has(c));
        if (!campaign) return this.act("page", m, later);
        seen.add(campaign);
        const res = await this.send("ad view start", "/userIncomeRoute/user_PTCAds_view_start", {
          method: "POST",
          cookie: m.cookie,
          json: this.obj({ btnName: campaign }),
        });
        const token = res.status === 200 ? (JSON.parse(res.text).msg?.viewToken as string) : undefined;
        if (!token) return;
        later(AD_SECONDS * 1000 + 300, async () => {
          this.books.adClaims.attempted++;
          const claim = await this.sendOnce("ad claim", "/userIncomeRoute/user_PTCAds_income_patch", {
            method: "PATCH",
            cookie: m.cookie,
            json: this.obj({ btnName: campaign, btnClickEarn: 1, viewToken: token }),
          });
          if (claim.status === 200) this.books.adClaims.ok++;
        });
        return;
      }
      case "shortlink": {
        const seen = this.linksStarted.get(m.id) ?? new Set<string>();
        this.linksStarted.set(m.id, seen);
        const linkId = this.site.linkIds.find((l) => !seen.has(l));
        if (!linkId) return this.act("page", m, later);
        seen.add(linkId);
        const res = await this.send(
          "short link start",
          "/userIncomeRoute/user_shortlink_firstPage_data_patch",
          {
            method: "PATCH",
            cookie: m.cookie,
            json: {
              obj_already: encodeObj(OBJ_SECRET, {
                shortnerDomain: "",
                endPageRoute: "/member/last-page",
                clientOrigin: this.origin,
                linkId,
              }),
            },
          },
        );
        const shortUrl = res.status === 200 ? (JSON.parse(res.text).msg?.shortUrl as string) : undefined;
        if (!shortUrl) return;
        const target = await this.send("shortener", `/shortener/${shortUrl.split("/").pop()}`);
        const token =
          target.status === 200 ? (JSON.parse(target.text).msg?.url as string)?.split("/").pop() : undefined;
        if (!token) return;
        later(SHORTLINK_MIN_SECONDS * 1000 + 300, async () => {
          this.books.shortClaims.attempted++;
          const claim = await this.sendOnce(
            "short link claim",
            "/userIncomeRoute/user_shortlink_lastPage_data_patch",
            {
              method: "PATCH",
              cookie: m.cookie,
              json: { uniqueToken: token },
            },
          );
          if (claim.status === 200) this.books.shortClaims.ok++;
        });
        return;
      }
      case "postback": {
        const tx = `mn-${n}`;
        const t = { member: m, points: 100 + (n % 7) * 50, ok: false };
        this.books.postbacks.set(tx, t);
        const results = await Promise.all([this.postback(tx), this.postback(tx)]);
        t.ok = results.some(Boolean);
        return;
      }
      case "conversion": {
        const requestId = `mn-c${n}`;
        this.books.conversions.attempted.add(requestId);
        const res = await this.sendOnce("conversion", "/userAmount/userBalanceConvertPatch", {
          method: "PATCH",
          cookie: m.cookie,
          json: this.obj({
            balanceToConvert: 1 + (n % 20),
            conversionType_state: n % 2 ? "withdrawToDeposit" : "depositToWithdraw",
            request_id: requestId,
          }),
        });
        if (res.status === 200) this.books.conversions.ok.add(requestId);
        return;
      }
      case "withdrawal": {
        const requestId = `mn-w${n}`;
        this.books.withdrawals.attempted.add(requestId);
        const res = await this.sendOnce("withdrawal", "/userAmount/userWithdrawal_record_post", {
          method: "POST",
          cookie: m.cookie,
          json: this.obj({ balance: 50 + (n % 10), type: METHOD, request_id: requestId }),
        });
        if (res.status === 200) this.books.withdrawals.ok.add(requestId);
        return;
      }
    }
  }

  /** One signed postback of transaction `tx`; answers whether the wall's success body came back. */
  async postback(tx: string, retry = false): Promise<boolean> {
    const t = this.books.postbacks.get(tx)!;
    const amount = String(t.points);
    const signature = createHash("md5")
      .update([t.member.id, tx, amount, WALL_SECRET].join(":"))
      .digest("hex");
    const q = new URLSearchParams({ user_id: t.member.id, transaction_id: tx, amount, signature });
    const res = await this.send("postback", `/postback/offerwall/${this.site.wallId}?${q}`, {}, retry);
    return res.status === 200 && res.text === "1";
  }

  /** Every postback that never got its success answer is sent again (as a network retries) until it does. */
  async retryPostbacks(): Promise<number> {
    let resent = 0;
    for (const [tx, t] of this.books.postbacks) {
      for (let i = 0; !t.ok && i < 5; i++) {
        resent++;
        t.ok = await this.postback(tx, true);
        if (!t.ok) await sleep(500);
      }
    }
    return resent;
  }
}
