import type { ESLint } from "eslint";

/** The floors plugin (eslint/floors.js): its rules, for eslint.config.js and the unit test. */
declare const floors: ESLint.Plugin;
export default floors;

/** folder → (imported folder → the first file of folder that imports it), from every file under apiDir. */
export function folderGraph(apiDir: string): Map<string, Map<string, string>>;

/** The folder of api/ that `file` is in, or null. */
export function folderOf(apiDir: string, file: string): string | null;

/** Where a relative specifier of `fromFile` lands in api/: its folder and file, or null. */
export function targetOf(
  apiDir: string,
  fromFile: string,
  specifier: string,
): { folder: string; file: string } | null;
