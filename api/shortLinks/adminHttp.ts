import { Hono } from "hono";
import { z } from "zod";
import {
  type ApiEnv,
  ApiError,
  okRead,
  okWrite,
  readBodyAt,
  requireMember,
  requireRole,
  siteOriginOf,
} from "../http";
import { milliToRupeeString } from "../../shared/money";
import type { ShortLinkRow, ShortenerRow } from "../../shared/contracts/shortLinks";
import { shortLinkSettings } from "./settings";
import { httpUrl } from "./shorteners";
import {
  SHORT_LINK_ADMIN_MESSAGES,
  createShortLink,
  createShortener,
  listShortLinksForOperator,
  listShorteners,
  updateShortLink,
  updateShortLinkSettings,
  updateShortener,
} from "./moderation";
import { hindiTextField, rupeeAmountField, wholeNumberIn } from "../lib/fields";

/**
 * The operators' short-link endpoints under /adminRoute (docs/api/shortlinks.md): shorteners,
 * links and settings. Field rules here; existence and consistency in the domain, which audits
 * every change in its transaction.
 */

const name = z
  .string({ invalid_type_error: "name must be text." })
  .trim()
  .min(1, "name is required.")
  .max(100, "name must be at most 100 characters.");

const enabled = z.boolean({ invalid_type_error: "enabled must be true or false." });

const apiUrl = z
  .string({ invalid_type_error: "apiUrl must be text." })
  .trim()
  .refine((v) => httpUrl(v) !== null && v.length <= 500, "apiUrl must be an http(s) address.");

const apiKey = z
  .string({ invalid_type_error: "apiKey must be text." })
  .trim()
  .min(1, "apiKey must not be empty.")
  .max(200, "apiKey must be at most 200 characters.");

/** A host name with an optional port, as members see it on cards (`shrinkme.io`, `localhost:3000`). */
const domain = z
  .string({ invalid_type_error: "domain must be text." })
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}(?::|$))[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/,
    "domain must be a host name such as shrinkme.io.",
  );

const kind = z.enum(["adlinkfly", "builtin"], {
  errorMap: () => ({ message: "kind must be adlinkfly or builtin." }),
});

const NewShortenerSchema = z
  .object({ name, kind, apiUrl: apiUrl.optional(), apiKey: apiKey.optional(), domain: domain.optional() })
  .strict();

/** Sends at least one field: an empty patch is a mistake, not a change. */
const someField = (b: Record<string, unknown>) => Object.values(b).some((v) => v !== undefined);
const NOTHING = "Send at least one field to change.";

const EditShortenerSchema = z
  .object({
    name: name.optional(),
    kind: kind.optional(),
    apiUrl: apiUrl.optional(),
    apiKey: apiKey.optional(),
    domain: domain.optional(),
    enabled: enabled.optional(),
  })
  .strict()
  .refine(someField, NOTHING);

const TIME_LABEL = /^\d{1,4} (s|m|h)$/;

/** Where "How to Complete" leads: an http(s) address or a path of the site (never `javascript:`). */
const howToComplete = z
  .union([z.string({ invalid_type_error: "howToComplete must be text or null." }), z.null()], {
    errorMap: () => ({ message: "howToComplete must be text or null." }),
  })
  .transform((v) => (v === null ? null : v.trim() || null))
  .refine(
    (v) => v === null || (v.length <= 500 && (/^\/(?!\/)[^\s\\]*$/.test(v) || httpUrl(v) !== null)),
    "howToComplete must be an http(s) address or a path of the site such as /member/support.",
  );

const linkFields = {
  name,
  name_hi: hindiTextField("name_hi", 100),
  shortenerId: z
    .string({ invalid_type_error: "shortenerId must be text." })
    .min(1, "shortenerId is required.")
    .max(64, SHORT_LINK_ADMIN_MESSAGES.unknownShortener),
  timeLabel: z
    .string({ invalid_type_error: "timeLabel must be text." })
    .trim()
    .regex(TIME_LABEL, "timeLabel must look like '30 s', '5 m' or '1 h'."),
  amount: rupeeAmountField("amount"),
  howToComplete,
  clicksPerDay: wholeNumberIn("clicksPerDay", 1, 1000),
  enabled,
  sortOrder: wholeNumberIn("sortOrder", 0, 1_000_000),
};

const NewLinkSchema = z
  .object({
    ...linkFields,
    name_hi: linkFields.name_hi.optional(),
    howToComplete: howToComplete.optional(),
    enabled: enabled.optional(),
    sortOrder: linkFields.sortOrder.optional(),
  })
  .strict();

const EditLinkSchema = z
  .object(
    Object.fromEntries(Object.entries(linkFields).map(([k, f]) => [k, f.optional()])) as {
      [K in keyof typeof linkFields]: z.ZodOptional<(typeof linkFields)[K]>;
    },
  )
  .strict()
  .refine(someField, NOTHING);

const SettingsSchema = z
  .object({
    minSeconds: wholeNumberIn("minSeconds", 0, 3600).optional(),
    expiryMinutes: wholeNumberIn("expiryMinutes", 1, 1440).optional(),
    instructions: z
      .array(
        z
          .string({ invalid_type_error: "instructions must be a list of text." })
          .max(2000, "Each instruction must be at most 2000 characters."),
        { invalid_type_error: "instructions must be a list of text." },
      )
      .max(20, "instructions may hold at most 20 items.")
      .optional(),
  })
  .strict()
  .refine(someField, NOTHING);

const ID = /^[0-9a-f]{24}$/;
function idParam(raw: string, notFound: string): string {
  if (!ID.test(raw)) throw new ApiError(404, notFound);
  return raw;
}

type LinkView = Awaited<ReturnType<typeof listShortLinksForOperator>>[number];
const linkAnswer = (l: LinkView): ShortLinkRow => ({
  ...l,
  amount: milliToRupeeString(l.amount),
  createdAt: l.createdAt.toISOString(),
});

type ShortenerView = Awaited<ReturnType<typeof listShorteners>>[number];
const shortenerAnswer = (s: ShortenerView): ShortenerRow => ({ ...s, createdAt: s.createdAt.toISOString() });

export function adminShortLinksRoute(): Hono<ApiEnv> {
  const r = new Hono<ApiEnv>();
  const guard = [requireMember, requireRole("owner")] as const;

  r.get("/shorteners", ...guard, async (c) => {
    const list = await listShorteners(c.var.deps.db, siteOriginOf(c));
    return okRead(c, "/adminRoute/shorteners", { records: list.map(shortenerAnswer) });
  });

  r.post("/shorteners", ...guard, async (c) => {
    const { deps, member } = c.var;
    const body = await readBodyAt(c, "/adminRoute/shorteners", NewShortenerSchema);
    const created = await createShortener(
      deps.db,
      member.id,
      {
        name: body.name,
        kind: body.kind,
        apiUrl: body.apiUrl ?? null,
        apiKey: body.apiKey ?? null,
        domain: body.domain ?? null,
        enabled: true,
      },
      siteOriginOf(c),
    );
    return okWrite(c, "/adminRoute/shorteners", {
      message: SHORT_LINK_ADMIN_MESSAGES.shortenerSaved,
      shortener: shortenerAnswer(created),
    });
  });

  r.patch("/shorteners/:id", ...guard, async (c) => {
    const { deps, member } = c.var;
    const id = idParam(c.req.param("id"), SHORT_LINK_ADMIN_MESSAGES.shortenerNotFound);
    const body = await readBodyAt(c, "/adminRoute/shorteners/:id", EditShortenerSchema);
    const saved = await updateShortener(deps.db, member.id, id, body, siteOriginOf(c));
    return okWrite(c, "/adminRoute/shorteners/:id", {
      message: SHORT_LINK_ADMIN_MESSAGES.shortenerSaved,
      shortener: shortenerAnswer(saved),
    });
  });

  r.get("/shortLinks", ...guard, async (c) => {
    const list = await listShortLinksForOperator(c.var.deps.db);
    return okRead(c, "/adminRoute/shortLinks", { records: list.map(linkAnswer) });
  });

  r.post("/shortLinks", ...guard, async (c) => {
    const { deps, member } = c.var;
    const { name_hi, ...body } = await readBodyAt(c, "/adminRoute/shortLinks", NewLinkSchema);
    const created = await createShortLink(
      deps.db,
      member.id,
      {
        ...body,
        nameHi: name_hi ?? null,
        howToComplete: body.howToComplete ?? null,
        enabled: body.enabled ?? true,
        sortOrder: body.sortOrder ?? 0,
      },
      deps.clock(),
    );
    return okWrite(c, "/adminRoute/shortLinks", {
      message: SHORT_LINK_ADMIN_MESSAGES.linkSaved,
      shortLink: linkAnswer(created),
    });
  });

  r.patch("/shortLinks/:id", ...guard, async (c) => {
    const { deps, member } = c.var;
    const id = idParam(c.req.param("id"), SHORT_LINK_ADMIN_MESSAGES.linkNotFound);
    const { name_hi, ...body } = await readBodyAt(c, "/adminRoute/shortLinks/:id", EditLinkSchema);
    const saved = await updateShortLink(deps.db, member.id, id, { ...body, nameHi: name_hi });
    return okWrite(c, "/adminRoute/shortLinks/:id", {
      message: SHORT_LINK_ADMIN_MESSAGES.linkSaved,
      shortLink: linkAnswer(saved),
    });
  });

  r.get("/shortLinkSettings", ...guard, async (c) =>
    okRead(c, "/adminRoute/shortLinkSettings", await shortLinkSettings(c.var.deps.db)),
  );

  r.patch("/shortLinkSettings", ...guard, async (c) => {
    const body = await readBodyAt(c, "/adminRoute/shortLinkSettings", SettingsSchema);
    const saved = await updateShortLinkSettings(c.var.deps.db, c.var.member.id, body);
    return okWrite(c, "/adminRoute/shortLinkSettings", {
      message: SHORT_LINK_ADMIN_MESSAGES.settingsSaved,
      ...saved,
    });
  });

  return r;
}
