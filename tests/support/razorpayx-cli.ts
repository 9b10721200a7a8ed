import { parseArgs } from "node:util";
import { startLocalRazorpayX, type LocalPayout, type LocalPayoutStatus } from "./razorpayx";

/**
 * `npm run payouts:local -- [--port 4010] [--webhook-url <url>] [--delay-ms 3000]`: a local
 * RazorpayX (tests/support/razorpayx.ts) to try payouts without internet. Each payout settles
 * `--delay-ms` after its create and the site gets the webhook: it fails ("Beneficiary bank is
 * offline") when its VPA or account number contains "fail", else it is processed with a UTR.
 * `POST /_local/payouts/<id>/status` moves one by hand.
 */
const USAGE =
  "Usage: npm run payouts:local -- [--port 4010] [--host 127.0.0.1] [--webhook-url http://127.0.0.1:3000/webhooks/payouts/razorpayx] [--delay-ms 3000] [--max-rps 10]";

function whole(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}.\n${USAGE}`);
  return n;
}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      "webhook-url": { type: "string" },
      "delay-ms": { type: "string" },
      "max-rps": { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  const webhookUrl = values["webhook-url"] ?? "http://127.0.0.1:3000/webhooks/payouts/razorpayx";
  if (!/^http:\/\//.test(webhookUrl)) throw new Error(`--webhook-url must be an http:// URL.\n${USAGE}`);
  return {
    help: values.help ?? false,
    port: whole(values.port, 4010, "port", 0, 65535),
    host: values.host ?? "127.0.0.1",
    webhookUrl,
    delayMs: whole(values["delay-ms"], 3000, "delay-ms", 0, 3_600_000),
    maxRps: values["max-rps"] === undefined ? undefined : whole(values["max-rps"], 0, "max-rps", 1, 10_000),
  };
}

/** A destination naming "fail" fails at the bank; anything else is paid. */
function outcome(_p: LocalPayout, vpaOrAccount: string): { status: LocalPayoutStatus; reason?: string } {
  return vpaOrAccount.toLowerCase().includes("fail")
    ? { status: "failed", reason: "Beneficiary bank is offline" }
    : { status: "processed" };
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 2;
    return;
  }
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const time = () => new Date().toISOString().slice(11, 19);
  const local = await startLocalRazorpayX({
    port: args.port,
    host: args.host,
    webhookUrl: args.webhookUrl,
    maxRps: args.maxRps,
    auto: { delayMs: args.delayMs, outcome },
    log: (line) => console.log(`${time()} ${line}`),
  });
  console.log(`Local RazorpayX listening on ${local.url}`);
  console.log(`Webhooks go to ${args.webhookUrl}; payouts settle ${args.delayMs} ms after their create.`);
  console.log('A VPA or account number containing "fail" fails; any other is processed.');
  console.log(
    `Move a payout by hand: curl -X POST ${local.url}/_local/payouts/<id>/status -d '{"status":"reversed"}'`,
  );
  console.log("Start the site with:");
  console.log(
    [
      "PAYOUT_PROVIDER=razorpayx",
      `RAZORPAYX_BASE_URL=${local.url}`,
      `RAZORPAYX_KEY_ID=${local.keyId}`,
      `RAZORPAYX_KEY_SECRET=${local.keySecret}`,
      `RAZORPAYX_WEBHOOK_SECRET=${local.webhookSecret}`,
      `RAZORPAYX_ACCOUNT_NUMBER=${local.accountNumber}`,
      "npm start",
    ].join(" "),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping.`);
    void local.close().then(() => process.exit(0));
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

await main();
