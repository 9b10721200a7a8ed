import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_MESSAGES as M,
  DEFAULT_PTC_PRICING,
  campaignDraftSchema,
  campaignInfoSchema,
  campaignPricingSchema,
  campaignRewardSchema,
  campaignSubtotal,
  durationSeconds,
  isHttpUrl,
  memberAmount,
  priceFor,
  youtubeVideoId,
} from "../../shared/campaign";
import { PAGE_SIZE } from "../../shared/pagination";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

describe("the YouTube link parser", () => {
  const id = "dQw4w9WgXcQ";
  it("reads the 11-character id of the watch, embed, shorts and youtu.be forms", () => {
    for (const link of [
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?v=${id}&t=42s`,
      `http://m.youtube.com/watch?feature=share&v=${id}`,
      `www.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
      `https://www.youtube.com/shorts/${id}`,
      `youtube.com/shorts/${id}?feature=share`,
      `https://youtu.be/${id}`,
      `youtu.be/${id}?si=abc`,
      `  https://youtu.be/${id}  `,
    ]) {
      expect(youtubeVideoId(link), link).toBe(id);
    }
  });

  it("refuses other links, short or long ids and other hosts", () => {
    for (const link of [
      "",
      "https://www.youtube.com/",
      "https://www.youtube.com/watch?v=short",
      `https://www.youtube.com/watch?v=${id}x`,
      `https://www.youtube.com/embed/${id}/extra`,
      `https://www.youtube.com/channel/${id}`,
      `https://youtu.be/`,
      `https://evil.example/watch?v=${id}`,
      `https://youtube.com.evil.example/watch?v=${id}`,
      `ftp://youtu.be/${id}`,
      `javascript:alert(1)//youtu.be/${id}`,
      `https://user@youtu.be/${id}`,
      `https://www.youtube.com/watch?v=dQw4w9WgX!Q`,
    ]) {
      expect(youtubeVideoId(link), link).toBeNull();
    }
  });
});

describe("the http(s) link rule", () => {
  it("takes absolute http and https links to a named host", () => {
    for (const link of [
      "https://example.com",
      "http://example.com/a?b=c#d",
      "http://127.0.0.1:8080/x",
      "http://localhost:3000/ad-sample",
    ])
      expect(isHttpUrl(link), link).toBe(true);
  });
  it("refuses other schemes, relative links, bare words and spaces", () => {
    for (const link of [
      "",
      "example.com",
      "/ad-sample",
      "ftp://example.com",
      "javascript:alert(1)",
      "https://exa mple.com",
      "https://intranet",
      "https://.com",
    ])
      expect(isHttpUrl(link), link).toBe(false);
  });
});

describe("money of a campaign", () => {
  it("subtotal is price × views in milli-rupees", () => {
    expect(campaignSubtotal(50, 100)).toBe(5000);
    expect(campaignSubtotal(75, 1234)).toBe(92_550);
    expect(() => campaignSubtotal(0.5, 3)).toThrow(RangeError);
    expect(() => campaignSubtotal(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
  it("the viewer's amount is floor(price × share)", () => {
    expect(memberAmount(50, 6000)).toBe(30);
    expect(memberAmount(75, 6000)).toBe(45);
    expect(memberAmount(41, 6000)).toBe(24);
    expect(memberAmount(50, 0)).toBe(0);
    expect(memberAmount(50, 10_000)).toBe(50);
  });
  it("prices come from the pricing list by seconds", () => {
    expect(priceFor(DEFAULT_PTC_PRICING, "window", 10)).toBe(50);
    expect(priceFor(DEFAULT_PTC_PRICING, "youtube", 60)).toBe(240);
    expect(priceFor(DEFAULT_PTC_PRICING, "iframe", 15)).toBeNull();
  });
  it("the campaign page size is 6", () => {
    expect(PAGE_SIZE.campaigns).toBe(6);
  });
});

describe("the pricing setting", () => {
  it("accepts the defaults and sorts by duration", () => {
    const parsed = campaignPricingSchema.parse({
      ...DEFAULT_PTC_PRICING,
      window: [...DEFAULT_PTC_PRICING.window].reverse(),
    });
    expect(parsed).toEqual(DEFAULT_PTC_PRICING);
  });
  it("refuses bad prices, repeated durations and empty lists", () => {
    const bad = [
      { ...DEFAULT_PTC_PRICING, window: [] },
      { ...DEFAULT_PTC_PRICING, window: [{ time: 10, price: "0.05" }] },
      { ...DEFAULT_PTC_PRICING, window: [{ time: 10, price: "0.000" }] },
      { ...DEFAULT_PTC_PRICING, window: [{ time: 0, price: "0.050" }] },
      {
        ...DEFAULT_PTC_PRICING,
        window: [
          { time: 10, price: "0.050" },
          { time: 10, price: "0.060" },
        ],
      },
      { window: DEFAULT_PTC_PRICING.window, iframe: DEFAULT_PTC_PRICING.iframe },
    ];
    for (const p of bad) expect(campaignPricingSchema.safeParse(p).success, JSON.stringify(p)).toBe(false);
  });
});

describe("wizard step 2 (Info)", () => {
  const ok = { step_2_title: "My ad", step_2_url: "https://example.com", step_2_description: "About it" };

  it("answers the spec's messages word for word", () => {
    const info = campaignInfoSchema("window");
    expect(firstMessage(info.safeParse({ ...ok, step_2_title: "   " }))).toBe("Title is a required field");
    expect(firstMessage(info.safeParse({ ...ok, step_2_title: undefined }))).toBe(
      "Title is a required field",
    );
    expect(firstMessage(info.safeParse({ ...ok, step_2_url: "" }))).toBe("URL is a required field");
    expect(firstMessage(info.safeParse({ ...ok, step_2_url: "example" }))).toBe("Please enter a valid URL");
    expect(firstMessage(info.safeParse({ ...ok, step_2_description: "" }))).toBe(
      "Description is a required field",
    );
    expect(
      firstMessage(campaignInfoSchema("youtube").safeParse({ ...ok, step_2_url: "https://example.com" })),
    ).toBe("Please enter a valid YouTube video URL");
  });

  it("cuts the title to 50 and the description to 150 characters", () => {
    const r = campaignInfoSchema("iframe").parse({
      ...ok,
      step_2_title: "t".repeat(80),
      step_2_description: "d".repeat(200),
    });
    expect(r.step_2_title).toHaveLength(50);
    expect(r.step_2_description).toHaveLength(150);
  });

  it("takes a YouTube link for youtube ads", () => {
    const r = campaignInfoSchema("youtube").parse({ ...ok, step_2_url: "https://youtu.be/dQw4w9WgXcQ" });
    expect(r.step_2_url).toBe("https://youtu.be/dQw4w9WgXcQ");
  });
});

describe("wizard step 3 (Reward)", () => {
  const reward = campaignRewardSchema({ durations: [10, 15], minimumViews: 100 });
  const ok = {
    step_3_duration: "10-0.050",
    step_3_total_views: "150",
    step_3_interval_in_hours: "13",
    step_3_enableLimit: undefined,
    step_3_limitViewsPerDay: undefined,
  };

  it("reads form text and JSON numbers alike", () => {
    expect(reward.parse(ok)).toEqual({
      step_3_duration: 10,
      step_3_total_views: 150,
      step_3_interval_in_hours: 13,
      step_3_enableLimit: false,
      step_3_limitViewsPerDay: null,
    });
    expect(
      reward.parse({
        step_3_duration: 15,
        step_3_total_views: 100,
        step_3_interval_in_hours: 1,
        step_3_enableLimit: true,
        step_3_limitViewsPerDay: 100,
      }),
    ).toMatchObject({ step_3_duration: 15, step_3_enableLimit: true, step_3_limitViewsPerDay: 100 });
    expect(reward.parse({ ...ok, step_3_enableLimit: "on", step_3_limitViewsPerDay: "20" })).toMatchObject({
      step_3_limitViewsPerDay: 20,
    });
  });

  it("answers the spec's messages word for word", () => {
    expect(firstMessage(reward.safeParse({ ...ok, step_3_duration: "" }))).toBe(
      "Duration is a required field",
    );
    expect(firstMessage(reward.safeParse({ ...ok, step_3_duration: "20-0.080" }))).toBe(
      "Duration is a required field",
    );
    expect(firstMessage(reward.safeParse({ ...ok, step_3_total_views: "" }))).toBe(
      "Total Views is a required field",
    );
    expect(firstMessage(reward.safeParse({ ...ok, step_3_total_views: "99" }))).toBe(
      "Minimum 100 Total View Allowed",
    );
    expect(firstMessage(reward.safeParse({ ...ok, step_3_interval_in_hours: undefined }))).toBe(
      "Interval is a required field",
    );
    expect(firstMessage(reward.safeParse({ ...ok, step_3_interval_in_hours: "25" }))).toBe(M.intervalRange);
    expect(
      firstMessage(reward.safeParse({ ...ok, step_3_enableLimit: "on", step_3_limitViewsPerDay: "" })),
    ).toBe("Per Day Limit is a required field");
    expect(
      firstMessage(reward.safeParse({ ...ok, step_3_enableLimit: true, step_3_limitViewsPerDay: 151 })),
    ).toBe("Per Day Limit must not be greater than total views");
  });

  it("words the minimum differently at create", () => {
    const atCreate = campaignRewardSchema({ durations: [10], minimumViews: 250, atCreate: true });
    expect(firstMessage(atCreate.safeParse({ ...ok, step_3_total_views: 249 }))).toBe(
      "Total Views must be greater or equel to 250",
    );
  });

  it("reads the duration's seconds from 'seconds-price' or plain seconds", () => {
    expect(durationSeconds("10-0.050")).toBe(10);
    expect(durationSeconds("60")).toBe(60);
    expect(durationSeconds(30)).toBe(30);
    for (const bad of ["", "x-1", "-10", "10-", 0, 1.5, null, undefined])
      expect(durationSeconds(bad)).toBeNull();
  });
});

describe("the create call's draft", () => {
  const schema = campaignDraftSchema({ pricing: DEFAULT_PTC_PRICING, minimumViews: 100 });
  const draft = {
    selectedOption_state: "youtube",
    step_2_title: "Watch this",
    step_2_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    step_2_description: "A video",
    step_3_duration: "30-0.120",
    step_3_total_views: 200,
    step_3_interval_in_hours: 24,
    step_3_enableLimit: false,
    step_3_limitViewsPerDay: "",
    step_4_subTotal: "0.001",
    request_id: "abc",
  };

  it("gives the campaign in the product's words", () => {
    expect(schema.parse(draft)).toEqual({
      type: "youtube",
      title: "Watch this",
      url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      description: "A video",
      durationSeconds: 30,
      totalViews: 200,
      intervalHours: 24,
      dailyLimit: null,
    });
  });

  it("checks the duration against the chosen type's list and words the minimum for create", () => {
    expect(firstMessage(schema.safeParse({ ...draft, step_3_duration: "10-0.050" }))).toBe(
      "Duration is a required field",
    );
    expect(firstMessage(schema.safeParse({ ...draft, step_3_total_views: 10 }))).toBe(
      "Total Views must be greater or equel to 100",
    );
    expect(firstMessage(schema.safeParse({ ...draft, selectedOption_state: "popup" }))).toBe(M.typeRequired);
    expect(firstMessage(schema.safeParse({ ...draft, step_2_url: "https://example.com" }))).toBe(
      "Please enter a valid YouTube video URL",
    );
  });
});
