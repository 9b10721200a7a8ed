import { parse } from "hono/utils/cookie";

/**
 * The one cookie reader, for the API (HTTP routes and the socket.io handshake) and the web tier's
 * own cookies (the picture challenge's token, the sound preferences). It is tolerant: a malformed
 * %-sequence or a broken pair is read as it is or skipped, never thrown — one client's cookie
 * header once stopped the whole server this way. An empty value reads as no cookie.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const value = parse(header, name)[name];
  return value === undefined || value === "" ? undefined : value;
}
