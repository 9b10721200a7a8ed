import { readFileSync } from "node:fs";
import { IFSC } from "../../../shared/payoutAccount";

/**
 * The bank's name from an IFSC, offline (issue 45 §2; ADR 0037): the bank list of Razorpay's `ifsc`
 * package (banks.json, copied from its data with its licence beside it). The list names banks,
 * not branches; it is read once, on the first look-up, and no look-up leaves the machine.
 */
interface BankList {
  names: Record<string, string>;
  /** Whole IFSCs of sub-members that clear through another bank: the IFSC → the member bank's code. */
  sublets: Record<string, string>;
  /** The same by IFSC prefix. */
  prefixes: Record<string, string>;
}

let list: BankList | null = null;

function bankList(): BankList {
  list ??= JSON.parse(readFileSync(new URL("./banks.json", import.meta.url), "utf8")) as BankList;
  return list;
}

/** The bank of a well-formed IFSC, or null when the list does not know it (a new bank, a typo). */
export function bankOfIfsc(ifsc: string): string | null {
  const code = ifsc.trim().toUpperCase();
  if (!IFSC.test(code)) return null;
  const { names, sublets, prefixes } = bankList();
  const sublet =
    sublets[code] ??
    Object.entries(prefixes).find(([prefix]) => code.startsWith(prefix))?.[1] ??
    code.slice(0, 4);
  return names[sublet] ?? names[code.slice(0, 4)] ?? null;
}
