/**
 * Ids of the layout routes whose loader data the pages below them read with `useRouteLoaderData`.
 * An id is the route file's place under app/routes/ (remix-flat-routes, docs/decisions/0032):
 * moving a layout changes its id, and tests/unit/route-ids.test.ts fails until this list follows.
 */
export const ROUTE_IDS = {
  /** The operator console's layout: the signed-in operator (`OperatorMe`). */
  admin: "routes/admin+/_layout",
  /** The content section's layout: what each content page holds. */
  adminContent: "routes/admin+/content/route",
  /** The members' area layout: the member's session. */
  member: "routes/member+/_layout",
} as const;
