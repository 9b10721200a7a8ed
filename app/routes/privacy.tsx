import { redirect } from "@remix-run/node";

/** /privacy is a permanent alias of /privacy-policy (spec 1 §2). */
export const loader = () => redirect("/privacy-policy", 301);
