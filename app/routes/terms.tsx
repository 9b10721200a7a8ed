import { redirect } from "@remix-run/node";

/** /terms is a permanent alias of /terms-of-use (spec 1 §2). */
export const loader = () => redirect("/terms-of-use", 301);
