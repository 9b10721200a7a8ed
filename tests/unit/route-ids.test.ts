import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTE_IDS } from "../../app/utils/route-ids";

/** A layout's id is its file's place: a moved layout must take its id along, or its pages read nothing. */
describe("ROUTE_IDS", () => {
  it.each(Object.entries(ROUTE_IDS))("%s names a route file that exists", (_name, id) => {
    const file = `app/${id}`;
    expect(existsSync(`${file}.tsx`) || existsSync(`${file}.ts`)).toBe(true);
  });
});
