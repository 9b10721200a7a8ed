import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Every file or folder of the repository that the README and the docs name (in `code`, in a
 * markdown link, or as a word of a code block) exists: a file moved or removed without its
 * mention is a newcomer sent to nothing. A link to a heading (`operators.md#payouts-adminpayouts`)
 * must find that heading too.
 *
 * What counts as a path: a link's target (relative to its document), or a word that starts with
 * one of the repository's top-level folders and a `/` (`api/…`, `tests/…`, `.ci/run`), or the
 * name of a root file (`server.ts`, `vite.config.ts`). URLs and routes (`/member/dashboard`) are
 * not paths; `<name>` and `*` are wildcards that must match at least one file; a word cut short
 * (`…`) is not checked. Generated folders (`build/`, `.data/`, `tests/.tmp/`) are not checked.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Made by a run, absent from a fresh checkout: never checked. */
const GENERATED = new Set([".git", "node_modules", "build", ".data", "test-results", "playwright-report"]);
const TOP_FOLDERS = new Set(
  readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !GENERATED.has(entry.name))
    .map((entry) => entry.name),
);
/** Paths a decision names as they were when it was taken (the layout it replaced), by document. */
const HISTORICAL: Record<string, readonly string[]> = {
  "docs/decisions/0010-feature-folders-and-wire-contracts.md": ["api/domain/", "api/routes/"],
};
/** Names that stand for a root file even without a folder before them. */
const ROOT_FILE =
  /^(?:server\.ts|README\.md|package(?:-lock)?\.json|tsconfig\.json|[\w-]+\.config\.[cm]?[jt]s|\.gitignore|\.prettierrc(?:\.\w+)?)$/;

/** README.md and every markdown file under docs/, repository-relative. */
function documents(): string[] {
  const found = ["README.md"];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) found.push(rel);
    }
  };
  walk("docs");
  return found.sort();
}

type Mention = { line: number; target: string; kind: "link" | "word" };

/** The links and the path-like words of a document, with their line numbers. */
function mentions(text: string): Mention[] {
  const found: Mention[] = [];
  let fenced = false;
  text.split("\n").forEach((content, i) => {
    const line = i + 1;
    if (/^\s*(```|~~~)/.test(content)) {
      fenced = !fenced;
      return;
    }
    if (fenced) {
      for (const word of content.split(/\s+/)) found.push({ line, target: word, kind: "word" });
      return;
    }
    for (const m of content.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g))
      found.push({ line, target: m[1]!, kind: "link" });
    for (const m of content.matchAll(/`([^`]+)`/g))
      for (const word of m[1]!.split(/\s+/)) found.push({ line, target: word, kind: "word" });
  });
  return found;
}

/** The repository-relative path a word names, or null when the word is not a path. */
function pathOfWord(word: string): string | null {
  const cleaned = word
    .replace(/^[("'[]+/, "")
    .replace(/[)"'\],.;:]+$/, "")
    .replace(/#.*$/, "");
  if (cleaned.includes("…") || cleaned.includes("...")) return null;
  if (ROOT_FILE.test(cleaned)) return cleaned;
  const slash = cleaned.indexOf("/");
  if (slash <= 0) return null;
  const top = cleaned.slice(0, slash);
  if (!TOP_FOLDERS.has(top)) return null;
  // tests/.tmp/ is made by the test run.
  if (cleaned.startsWith("tests/.tmp")) return null;
  return cleaned;
}

/** Does a path, whose `<placeholder>` and `*` parts are wildcards, match something in the checkout? */
function exists(relative: string): boolean {
  const pattern = relative.replace(/<[^>]+>/g, "*").replace(/\/+$/, "");
  if (!pattern.includes("*")) return existsSync(path.join(ROOT, pattern));
  const segments = pattern.split("/");
  const matchFrom = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return true;
    const [segment, ...after] = rest as [string, ...string[]];
    if (segment === "**") {
      if (matchFrom(dir, after)) return true;
      return children(dir).some(
        (name) => isDirectory(path.join(dir, name)) && matchFrom(path.join(dir, name), rest),
      );
    }
    if (!segment.includes("*"))
      return existsSync(path.join(dir, segment)) && matchFrom(path.join(dir, segment), after);
    const re = new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    return children(dir).some((name) => re.test(name) && matchFrom(path.join(dir, name), after));
  };
  return matchFrom(ROOT, segments);
}

function children(dir: string): string[] {
  return isDirectory(dir) ? readdirSync(dir) : [];
}

function isDirectory(p: string): boolean {
  return existsSync(p) && statSync(p).isDirectory();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a markdown file offers: its headings' (repeats get -1, -2…) and explicit ids. */
function anchors(file: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const content of readFileSync(file, "utf8").split("\n")) {
    if (/^\s*(```|~~~)/.test(content)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(content);
    if (heading) {
      const base = slug(heading[1]!);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      found.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of content.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(m[1]!);
  }
  return found;
}

/** What a document names that is not there: one line each, `doc:line: path (why)`. */
function missingIn(doc: string): string[] {
  const missing: string[] = [];
  const dir = path.posix.dirname(doc);
  for (const { line, target, kind } of mentions(readFileSync(path.join(ROOT, doc), "utf8"))) {
    if (kind === "word") {
      const named = pathOfWord(target);
      if (named && !exists(named) && !HISTORICAL[doc]?.includes(named))
        missing.push(`${doc}:${line}: ${named}`);
      continue;
    }
    // A link: a URL or a route of the site is not a file.
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("/")) continue;
    const [file = "", fragment] = target.split("#");
    const resolved = file === "" ? doc : path.posix.normalize(path.posix.join(dir, decodeURI(file)));
    if (resolved.startsWith("..")) {
      missing.push(`${doc}:${line}: ${target} (outside the repository)`);
      continue;
    }
    if (GENERATED.has(resolved.split("/")[0]!)) continue;
    if (!exists(resolved)) {
      missing.push(`${doc}:${line}: ${resolved}${file === target ? "" : ` (link ${target})`}`);
      continue;
    }
    if (fragment && resolved.endsWith(".md") && !anchors(path.join(ROOT, resolved)).has(decodeURI(fragment)))
      missing.push(`${doc}:${line}: ${resolved}#${fragment} (no such heading)`);
  }
  return missing;
}

describe("paths named in the README and the docs", () => {
  it("finds the documents and the repository's folders", () => {
    expect(documents()).toContain("README.md");
    expect(documents()).toContain("docs/decisions/README.md");
    expect([...TOP_FOLDERS]).toEqual(expect.arrayContaining(["api", "app", "shared", "tests", "docs"]));
  });

  it("reads links, code and code blocks, and not URLs or routes", () => {
    const named = mentions(
      [
        "See [the money rules](api/money.md#withdraw) and `shared/money.ts` (`/member/dashboard`).",
        "Not [a site](https://example.com), `npm start`, `app/`.",
        "```",
        "npx playwright test tests/e2e/auth.spec.ts -g x",
        "```",
      ].join("\n"),
    );
    expect(named.filter((m) => m.kind === "link").map((m) => m.target)).toEqual([
      "api/money.md#withdraw",
      "https://example.com",
    ]);
    const words = named.filter((m) => m.kind === "word").map((m) => pathOfWord(m.target));
    expect(words.filter(Boolean)).toEqual(["shared/money.ts", "app/", "tests/e2e/auth.spec.ts"]);
    expect(pathOfWord("/member/dashboard")).toBeNull();
    expect(pathOfWord("api/db/schema/…")).toBeNull();
    expect(exists("api/db/schema/<feature>.ts")).toBe(true);
    expect(exists("api/db/schema/<feature>.nothing")).toBe(false);
    expect(slug("Payouts (`/admin/payouts`)")).toBe("payouts-adminpayouts");
    expect(slug("Languages (English / हिन्दी)")).toBe("languages-english--हिन्दी");
  });

  it("lists every decision in the decisions' index", () => {
    const index = readFileSync(path.join(ROOT, "docs/decisions/README.md"), "utf8");
    const unlisted = readdirSync(path.join(ROOT, "docs/decisions"))
      .filter((name) => /^\d{4}-.*\.md$/.test(name))
      .filter((name) => !index.includes(`](${name})`));
    expect(unlisted, "add a line for each to docs/decisions/README.md").toEqual([]);
  });

  it.each(documents())("%s names only paths that exist", (doc) => {
    const missing = missingIn(doc);
    expect(missing, `named in ${doc} but missing:\n${missing.join("\n")}\n`).toEqual([]);
  });
});
