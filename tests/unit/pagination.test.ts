import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pageParam, pageWindow } from "../../app/utils/pagination";
import { offsetOf, pageOf } from "../../shared/pagination";
import { paged } from "../../api/db/paging";

describe("pageWindow", () => {
  it("shows every page when there are 5 or fewer", () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("centres on the current page when there are more", () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
  });

  it("stays inside the range at both ends", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it("clamps an out-of-range current page", () => {
    expect(pageWindow(0, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(99, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(-4, 3)).toEqual([1, 2, 3]);
  });

  it("is always up to 5 consecutive pages containing the (clamped) current page", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 120 }), fc.integer({ min: 1, max: 100 }), (current, total) => {
        const w = pageWindow(current, total);
        expect(w.length).toBe(Math.min(5, total));
        w.forEach((p, i) => i > 0 && expect(p).toBe(w[i - 1]! + 1));
        expect(w[0]).toBeGreaterThanOrEqual(1);
        expect(w.at(-1)).toBeLessThanOrEqual(total);
        const cur = Math.min(Math.max(1, current), total);
        expect(w).toContain(cur);
        // centred when there is room on both sides
        if (total > 5 && cur > 2 && cur < total - 1) expect(w[2]).toBe(cur);
      }),
    );
  });
});

describe("pageParam and pageOf", () => {
  it("reads ?page= as a positive integer, else 1", () => {
    const at = (q: string) => pageParam(new URL(`http://x/payment-proof${q}`));
    expect(at("")).toBe(1);
    expect(at("?page=3")).toBe(3);
    expect(at("?page=0")).toBe(1);
    expect(at("?page=-2")).toBe(1);
    expect(at("?page=2.5")).toBe(1);
    expect(at("?page=abc")).toBe(1);
  });

  it("counts 10 per page and clamps the page", () => {
    expect(pageOf(1, 10, 27)).toEqual({ page: 1, pageSize: 10, totalRecords: 27, totalPages: 3 });
    expect(offsetOf(pageOf(3, 10, 27))).toBe(20);
    expect(pageOf(9, 10, 27).page).toBe(3);
    expect(pageOf(0, 10, 27).page).toBe(1);
    expect(pageOf(1, 10, 0)).toEqual({ page: 1, pageSize: 10, totalRecords: 0, totalPages: 1 });
  });
});

describe("paged (api/db/paging.ts): the one shape of a paged list", () => {
  /** A select not yet run: records the page it was limited to. */
  const rowsQuery = (rows: string[]) => {
    const asked: { limit?: number; offset?: number } = {};
    return {
      asked,
      query: {
        limit(limit: number) {
          asked.limit = limit;
          return {
            offset(offset: number) {
              asked.offset = offset;
              return Promise.resolve(rows.slice(offset, offset + limit));
            },
          };
        },
      },
    };
  };
  const rows = Array.from({ length: 27 }, (_, i) => `row ${i + 1}`);

  it("counts, clamps the page into what the count allows, then reads that page's rows", async () => {
    const { asked, query } = rowsQuery(rows);
    const page = await paged(Promise.resolve([{ n: "27" }]), 9, 10, query);
    expect(page.pagination).toEqual({ page: 3, pageSize: 10, totalRecords: 27, totalPages: 3 });
    expect(asked).toEqual({ limit: 10, offset: 20 });
    expect(page.rows).toEqual(rows.slice(20));
  });

  it("answers page 1 of 1 for an empty list", async () => {
    const { asked, query } = rowsQuery([]);
    const page = await paged(Promise.resolve([]), 4, 20, query);
    expect(page).toEqual({ pagination: { page: 1, pageSize: 20, totalRecords: 0, totalPages: 1 }, rows: [] });
    expect(asked).toEqual({ limit: 20, offset: 0 });
  });
});
