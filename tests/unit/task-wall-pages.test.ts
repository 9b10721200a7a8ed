import { describe, expect, it } from "vitest";
import {
  frameMode,
  readBalance,
  viewerPath,
  wallOfViewerPath,
  TASK_WALL_SOUND_COOKIE,
} from "../../app/utils/task-walls";
import type { MemberTaskWall as TaskWall } from "../../shared/contracts/taskWalls";
import { socketFailureOf, SOCKET_FAILED } from "../../app/utils/socket.client";
import { soundCookie, soundOffFromCookie, SOUND_COOKIE } from "../../app/utils/sound.server";

const walls: TaskWall[] = [
  { _id: "demo", offerWallName: "Demo Wall", offerWallApiLink: "/demo-wall?user_id=u%2F1" },
  { _id: "net", offerWallName: "Network", offerWallApiLink: "https://wall.example/offers?uid=u1&app=7" },
];

/** The path part of the viewer address, as a browser sends it. */
const pathOf = (href: string) => new URL(href, "http://localhost").pathname;

describe("the viewer frames only configured walls", () => {
  it("finds each wall from the address its Start link leads to", () => {
    for (const w of walls) expect(wallOfViewerPath(pathOf(viewerPath(w.offerWallApiLink)), walls)).toBe(w);
  });

  it("refuses any other address: forged, near misses, bad encodings, other paths", () => {
    const refused = [
      viewerPath("https://evil.example/phish"),
      viewerPath("https://wall.example/offers?uid=u2&app=7"),
      viewerPath("/demo-wall?user_id=u/1"),
      `/member/task-wall/${encodeURIComponent(encodeURIComponent("/demo-wall?user_id=u%2F1"))}`,
      "/member/task-wall/%E0%A4%A",
      "/member/task-wall/",
      "/member/task-wallx/%2Fdemo-wall",
      "/member/ptc-ads",
    ];
    for (const path of refused) expect(wallOfViewerPath(pathOf(path), walls), path).toBeNull();
  });

  it("frames this site's pages and https pages, offers http in a new tab, refuses other schemes", () => {
    expect(frameMode("/demo-wall?user_id=1")).toBe("frame");
    expect(frameMode("https://wall.example/x")).toBe("frame");
    expect(frameMode("http://wall.example/x")).toBe("new-tab");
    for (const bad of [
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "data:text/html,x",
      "wall",
    ])
      expect(frameMode(bad), bad).toBe("none");
  });
});

describe("the socket's balance", () => {
  const balance = {
    available_balance: "12.500",
    today_offerWallIncome: "0.500",
    total_offerWall: 1,
    today_completed: 1,
  };

  it("reads a pushed or acknowledged balance", () => {
    expect(readBalance({ success: true, msg: balance })).toEqual(balance);
  });

  it("ignores errors and payloads of the wrong shape", () => {
    expect(readBalance({ success: false, error: "x", error_code: "unauthenticated" })).toBeNull();
    expect(readBalance({ success: true, msg: { ...balance, total_offerWall: "1" } })).toBeNull();
    expect(readBalance({ success: true, msg: { ...balance, today_offerWallIncome: 0.5 } })).toBeNull();
    expect(readBalance({ success: true, msg: { ...balance, today_completed: -1 } })).toBeNull();
    expect(readBalance({ success: true })).toBeNull();
    expect(readBalance(null)).toBeNull();
    expect(readBalance("balance")).toBeNull();
  });

  it("tells session refusals from network failures (spec 2 §8)", () => {
    expect(socketFailureOf(new Error(JSON.stringify({ jwtMiddleware_token_not_found_error: true })))).toBe(
      "login",
    );
    expect(socketFailureOf(new Error(JSON.stringify({ jwtMiddleware_user_not_found_error: true })))).toBe(
      "login",
    );
    expect(socketFailureOf(new Error(JSON.stringify({ jwtMiddleware_error: true })))).toBe("session-expired");
    expect(socketFailureOf(new Error("xhr poll error"))).toBe("network");
    expect(socketFailureOf(new Error("{}"))).toBe("network");
    expect(socketFailureOf(new Error("null"))).toBe("network");
    expect(SOCKET_FAILED).toBe("WebSocket connection failed. Please try again.");
  });
});

describe("the viewer's sound preference", () => {
  it("has its own cookie, kept 2,880 minutes like the other pages", () => {
    expect(soundCookie(false, false, TASK_WALL_SOUND_COOKIE)).toContain(
      `${TASK_WALL_SOUND_COOKIE}=1; Max-Age=${2880 * 60}`,
    );
    expect(soundOffFromCookie(`${SOUND_COOKIE}=1`, TASK_WALL_SOUND_COOKIE)).toBe(false);
    expect(soundOffFromCookie(`a=1; ${TASK_WALL_SOUND_COOKIE}=1`, TASK_WALL_SOUND_COOKIE)).toBe(true);
  });
});
