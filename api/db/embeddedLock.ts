import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Who has the embedded database (issue 42). PGlite allows one process: a second one (the
 * operator command) opening the same folder while the site runs writes to a copy that the site
 * overwrites later, so its change is lost without a word. The site, when it opens the embedded
 * database, writes its pid into DATA_DIR/pglite.lock and removes it when it exits; the command
 * refuses to open the database while the pid there is alive. A file left by a site that did not
 * exit cleanly (killed, the machine restarted) names a pid no process has, and is ignored.
 */
export const EMBEDDED_LOCK_FILE = "pglite.lock";

const lockPath = (dataDir: string) => path.join(dataDir, EMBEDDED_LOCK_FILE);

/** Whether a process with this pid exists (EPERM: it does, under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of the running site (another live process) that holds the embedded database in `dataDir`. */
export function embeddedDatabaseHolder(dataDir: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath(dataDir), "utf8");
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  return isAlive(pid) ? pid : undefined;
}

/** What the operator command says when the site runs on the embedded database it would write to. */
export function embeddedDatabaseInUse(dataDir: string, pid: number): string {
  return (
    `The site is running on the embedded database in ${path.join(dataDir, "pglite")} (pid ${pid}): ` +
    "stop it first, or use PostgreSQL (DATABASE_URL)." +
    `\n(No site running? Then the site was stopped uncleanly and its pid was taken by another process: delete ${lockPath(dataDir)}.)`
  );
}

/**
 * The site's hold on the embedded database in `dataDir`: its pid in the lock file, removed when
 * the process exits (or by the answer), and only while the file still names this process.
 */
export function holdEmbeddedDatabase(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  const release = () => {
    process.off("exit", release);
    try {
      if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on("exit", release);
  return release;
}
