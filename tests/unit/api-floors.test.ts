import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import floors, { folderGraph } from "../../eslint/floors.js";

// The floors of api/ (docs/decisions/0031-api-floors.md) and the lint rules that keep them.

/** A tiny api/ tree: a and b import each other; c imports b only; d is reached through its entry. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "api-floors-"));
const apiDir = path.join(root, "api");
const files: Record<string, string> = {
  "a/x.ts": 'import { y } from "../b/y";\nexport const x = y;\n',
  "a/z.ts": "export const z = 1;\n",
  "b/y.ts": 'import type { Z } from "../a/z";\nexport const y = 2;\nexport type { Z };\n',
  "c/w.ts": 'export { y } from "../b/y";\nexport const d = () => import("../d/inner");\n',
  "d/entry.ts": 'export { inner } from "./inner";\n',
  "d/inner.ts": "export const inner = 3;\n",
  "top.ts": 'import { inner } from "./d/inner";\nexport { inner };\n',
};
for (const [name, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(apiDir, name)), { recursive: true });
  fs.writeFileSync(path.join(apiDir, name), text);
}
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function lint(name: string): Linter.LintMessage[] {
  const linter = new Linter({ configType: "flat", cwd: root });
  return linter.verify(
    files[name]!,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { floors },
        rules: {
          "floors/mutual-folders": ["error", { apiDir }],
          "floors/entry-files": ["error", { apiDir, entries: { d: "entry" } }],
        },
      },
    ],
    { filename: path.join(apiDir, name) },
  );
}

describe("floors/mutual-folders", () => {
  it("refuses an import of a folder that imports the importing folder back (type imports count)", () => {
    const found = lint("a/x.ts");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ruleId: "floors/mutual-folders", line: 1 });
    expect(found[0]!.message).toContain("api/a/ imports api/b/, which imports api/a/ back (api/b/y.ts)");
    expect(lint("b/y.ts").map((m) => m.ruleId)).toEqual(["floors/mutual-folders"]);
  });

  it("lets a folder import one that does not import it back", () => {
    expect(lint("c/w.ts").filter((m) => m.ruleId === "floors/mutual-folders")).toEqual([]);
  });
});

describe("floors/entry-files", () => {
  it("refuses a folder's inner file from another folder, re-exports and import() included", () => {
    const found = lint("c/w.ts");
    expect(found.map((m) => [m.ruleId, m.line])).toEqual([["floors/entry-files", 2]]);
    expect(found[0]!.message).toContain("api/d/ is imported only through its entry, api/d/entry.ts");
  });

  it("leaves the folder's own files and the top-level composition files alone", () => {
    expect(lint("d/entry.ts")).toEqual([]);
    expect(lint("top.ts")).toEqual([]);
  });
});

describe("the API's own folders", () => {
  it("import no folder that imports them back", () => {
    const graph = folderGraph(fileURLToPath(new URL("../../api", import.meta.url)));
    const mutual: string[] = [];
    for (const [from, edges] of graph)
      for (const [to, file] of edges) {
        const back = graph.get(to)?.get(from);
        if (back && from < to) mutual.push(`${from} (${file}) <-> ${to} (${back})`);
      }
    expect(mutual).toEqual([]);
  });
});
