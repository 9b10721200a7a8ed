import { json } from "@remix-run/node";
import { getChannelStats } from "~/utils/channel.server";

/** GET /resources/channel: the channel panel's statistics for the browser's 60-second refresh. */
export async function loader() {
  return json(await getChannelStats(), { headers: { "cache-control": "public, max-age=60" } });
}
