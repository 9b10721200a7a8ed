import type { LoaderFunctionArgs } from "@remix-run/node";
import { missingTokenAnswer } from "~/utils/shortlinks.server";

/** `/member/last-page` without its token (spec 2 §8). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  throw await missingTokenAnswer(request, context);
}
