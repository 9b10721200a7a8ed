import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Requests to addresses an operator typed (a shortener's API, which also receives its key). In
 * production they may not reach this machine or its private network: loopback, private,
 * link-local (cloud metadata), carrier-grade NAT, unique-local, multicast and unspecified
 * addresses are refused. The check runs on the address the connection is actually made to (a
 * DNS lookup hook), so a name that answers a public address at one moment and a private one the
 * next cannot slip through. Redirects are never followed: a 3xx is an answer like any other.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** True for an address that is not on the public internet (IPv4-mapped IPv6 judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return blocked.check(address, "ipv6");
  return true;
}

export class OutboundRefused extends Error {}

/** A DNS lookup that refuses names resolving to a private address (any of them). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, "", 0);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused || addresses.length === 0)
      return callback(new OutboundRefused(`${hostname} is a private address`), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

export interface OutboundAnswer {
  status: number;
  text: string;
}

/**
 * GET `url` once: no redirects followed, at most `maxBytes` read (a longer answer fails), within
 * `timeoutMs`. With `allowPrivate` false, private targets (named by address or by name) fail with
 * OutboundRefused before any byte is sent.
 */
export function outboundGet(
  url: URL,
  opts: { timeoutMs: number; maxBytes: number; allowPrivate: boolean; headers?: Record<string, string> },
): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host))
      return reject(new OutboundRefused(`${host} is a private address`));
    const client = url.protocol === "https:" ? https : http;
    const req = client.get(
      url,
      {
        headers: opts.headers,
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy(new Error("the answer is too long"));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    const deadline = setTimeout(() => req.destroy(new TimeoutError(opts.timeoutMs)), opts.timeoutMs);
    req.on("close", () => clearTimeout(deadline));
    req.on("error", reject);
  });
}

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}
