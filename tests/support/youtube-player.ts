import { createServer, type Server } from "node:http";

/**
 * A local stand-in for the YouTube IFrame Player API script: the subset the YouTube ad page uses
 * (YT.Player with onReady and onStateChange, playVideo, pauseVideo). The player is a box naming
 * the video; `window.__ytPlayer` lets a test pause and play it, and `__ytPlayerVars` shows the
 * options the page asked for (controls hidden).
 */
export const PLAYER_SCRIPT = `(function () {
  function Player(el, opts) {
    var node = typeof el === "string" ? document.getElementById(el) : el;
    var box = document.createElement("div");
    box.setAttribute("data-testid", "yt-standin");
    box.textContent = "Video " + opts.videoId;
    box.style.cssText = "color:#fff;padding:2rem;text-align:center";
    node.appendChild(box);
    this._opts = opts;
    this._state = -1;
    window.__ytPlayer = this;
    window.__ytPlayerVars = opts.playerVars || {};
    var self = this;
    setTimeout(function () {
      if (opts.events && opts.events.onReady) opts.events.onReady({ target: self });
    }, 0);
  }
  Player.prototype._set = function (state) {
    this._state = state;
    var ev = this._opts.events;
    if (ev && ev.onStateChange) ev.onStateChange({ data: state, target: this });
  };
  Player.prototype.playVideo = function () { this._set(1); };
  Player.prototype.pauseVideo = function () { this._set(2); };
  Player.prototype.getPlayerState = function () { return this._state; };
  Player.prototype.destroy = function () {};
  window.YT = { Player: Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 } };
  if (typeof window.onYouTubeIframeAPIReady === "function") window.onYouTubeIframeAPIReady();
})();
`;

export async function startYouTubePlayerStandIn(
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] === "/iframe_api") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      res.end(PLAYER_SCRIPT);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://localhost:${port}/iframe_api`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
