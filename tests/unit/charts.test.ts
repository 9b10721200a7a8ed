import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { BarChart, LineChart, shortDay, type ChartProps } from "../../app/components/charts/charts";

/** The overview's charts are drawn while the page renders on the server: SVG and a table, no script. */
const props: ChartProps = {
  title: "Earnings per day",
  days: ["2026-11-24", "2026-11-25", "2026-11-26"],
  series: [
    { key: "ads", label: "Ads", color: "#2563eb", values: [1_500, 0, 2_750] },
    { key: "games", label: "Games", color: "#7c3aed", values: [0, 18_000, 9_000], dash: "4 4" },
  ],
  format: (v) => `₹${(v / 1000).toFixed(2)}`,
};

describe.each([
  ["LineChart", LineChart],
  ["BarChart", BarChart],
] as const)("%s in renderToString", (_, Chart) => {
  const html = renderToString(createElement(Chart, props));

  it("renders an <svg> sized by its viewBox, named by the chart's title", () => {
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 360 200"/);
    const svg = /<svg[^>]*role="img"[^>]*aria-labelledby="([^"]+)"/.exec(html);
    expect(svg).not.toBeNull();
    expect(html).toContain(`id="${svg![1]}"`);
    expect(html).toContain("Earnings per day");
    expect(html).not.toContain("<script");
  });

  it("draws the data: a path or bars per series", () => {
    if (Chart === LineChart) expect(html.match(/<path[^>]*class="visx-linepath"/g)).toHaveLength(2);
    else expect(html.match(/<rect[^>]*class="visx-bar"/g)).toHaveLength(6);
  });

  it("has its figures as a table: a row per day, a column per series", () => {
    expect(html).toContain("<table");
    expect(html).toMatch(/<caption[^>]*>Earnings per day<\/caption>/);
    expect(html.match(/<tr/g)).toHaveLength(4);
    expect(html).toContain("₹18.00");
    expect(html).toContain("₹2.75");
    expect(html).toContain("26 Nov");
  });
});

it("writes a day as '26 Nov'", () => {
  expect(shortDay("2026-11-26")).toBe("26 Nov");
  expect(shortDay("2027-01-01")).toBe("1 Jan");
});
