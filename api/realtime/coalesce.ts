/**
 * A push sent at most once per `everyMs`: the first call sends at once, the calls that follow
 * within the period are sent as one at its end (nothing is lost: the last change is always
 * pushed). For a push that only says "look again", whose every receiver then asks the server.
 */
export function coalesced(push: () => void, everyMs: number): { (): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let pending = false;
  const periodEnds = () => {
    if (!pending) {
      timer = undefined;
      return;
    }
    pending = false;
    push();
    timer = setTimeout(periodEnds, everyMs);
    timer.unref();
  };
  const send = () => {
    if (timer) {
      pending = true;
      return;
    }
    push();
    timer = setTimeout(periodEnds, everyMs);
    timer.unref();
  };
  send.stop = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = false;
  };
  return send;
}
