// The API's floors (docs/decisions/0031-api-floors.md), checked by ESLint: no folder of api/
// imports a folder that imports it back, and a feature with one entry file is imported only
// through it. The folder graph is read once from the files (a regex over the specifiers of
// import, export-from, import() and require(): enough for our own relative paths).
import fs from "node:fs";
import path from "node:path";

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["'`]([^"'`\n]+)["'`]/g;

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "migrations") out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Where a relative specifier of `fromFile` lands in `apiDir`: the folder (api/<folder>/...) and the
 * path inside it without its extension, or null (a package, a top-level file of api/, outside api/).
 */
export function targetOf(apiDir, fromFile, specifier) {
  if (!specifier.startsWith(".")) return null;
  const rel = path.relative(apiDir, path.resolve(path.dirname(fromFile), specifier));
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const [folder, ...rest] = rel.split(path.sep);
  if (rest.length === 0) {
    // `../x` is a folder when api/x/ is one (an index file), else a top-level file of api/.
    const isFolder =
      fs.existsSync(path.join(apiDir, folder)) && fs.statSync(path.join(apiDir, folder)).isDirectory();
    return isFolder ? { folder, file: "index" } : null;
  }
  return { folder, file: rest.join("/").replace(SOURCE, "") };
}

/** The folder of api/ that `file` is in, or null (a top-level file of api/, or outside api/). */
export function folderOf(apiDir, file) {
  const rel = path.relative(apiDir, file);
  if (!rel || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** folder → (imported folder → the first file of folder that imports it), from every file under apiDir. */
export function folderGraph(apiDir) {
  const graph = new Map();
  for (const entry of fs.readdirSync(apiDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const edges = new Map();
    graph.set(entry.name, edges);
    for (const file of sourceFiles(path.join(apiDir, entry.name))) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(SPECIFIER)) {
        const target = targetOf(apiDir, file, match[1]);
        if (target && target.folder !== entry.name && !edges.has(target.folder))
          edges.set(target.folder, path.relative(path.dirname(apiDir), file).split(path.sep).join("/"));
      }
    }
  }
  return graph;
}

const graphs = new Map();
/** The graph of apiDir, read once per process (an ESLint run). */
function cachedGraph(apiDir) {
  if (!graphs.has(apiDir)) graphs.set(apiDir, folderGraph(apiDir));
  return graphs.get(apiDir);
}

const apiDirOf = (context) => path.resolve(context.options[0]?.apiDir ?? path.join(context.cwd, "api"));

/** Calls `check(node, specifier)` for every static or dynamic import and re-export of a file. */
function eachSpecifier(check) {
  const literal = (node, source) => {
    if (source && source.type === "Literal" && typeof source.value === "string") check(node, source.value);
  };
  return {
    ImportDeclaration: (node) => literal(node, node.source),
    ExportNamedDeclaration: (node) => literal(node, node.source),
    ExportAllDeclaration: (node) => literal(node, node.source),
    ImportExpression: (node) => literal(node, node.source),
    'CallExpression[callee.name="require"]': (node) => literal(node, node.arguments[0]),
  };
}

const optionsSchema = {
  type: "object",
  properties: {
    apiDir: { type: "string" },
    entries: { type: "object", additionalProperties: { type: "string" } },
  },
  additionalProperties: false,
};

const mutualFolders = {
  meta: {
    type: "problem",
    docs: { description: "No folder of api/ imports a folder of api/ that imports it back." },
    schema: [optionsSchema],
    messages: {
      mutual:
        "api/{{from}}/ imports api/{{to}}/, which imports api/{{from}}/ back ({{back}}): move what both need to the floor below both (docs/decisions/0031-api-floors.md).",
    },
  },
  create(context) {
    const apiDir = apiDirOf(context);
    const filename = context.physicalFilename ?? context.filename;
    const from = folderOf(apiDir, filename);
    if (!from) return {};
    return eachSpecifier((node, specifier) => {
      const target = targetOf(apiDir, filename, specifier);
      if (!target || target.folder === from) return;
      const back = cachedGraph(apiDir).get(target.folder)?.get(from);
      if (back) context.report({ node, messageId: "mutual", data: { from, to: target.folder, back } });
    });
  },
};

const entryFiles = {
  meta: {
    type: "problem",
    docs: {
      description: "A folder of api/ with an entry file is imported from other folders only through it.",
    },
    schema: [optionsSchema],
    messages: {
      entry: "api/{{to}}/ is imported only through its entry, api/{{to}}/{{entry}}.ts (not {{file}}).",
    },
  },
  create(context) {
    const apiDir = apiDirOf(context);
    const entries = context.options[0]?.entries ?? {};
    const filename = context.physicalFilename ?? context.filename;
    const from = folderOf(apiDir, filename);
    if (!from) return {};
    return eachSpecifier((node, specifier) => {
      const target = targetOf(apiDir, filename, specifier);
      if (!target || target.folder === from) return;
      const entry = entries[target.folder];
      if (entry && target.file !== entry)
        context.report({
          node,
          messageId: "entry",
          data: { to: target.folder, entry, file: `${target.file}.ts` },
        });
    });
  },
};

export default {
  meta: { name: "floors" },
  rules: { "mutual-folders": mutualFolders, "entry-files": entryFiles },
};
