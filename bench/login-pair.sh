#!/bin/bash
# Two trees' anonymous /login side by side (bench/README.md, "paired runs"): a production server
# from each (PGlite, built beforehand with `npm run build`), both pinned to one core, each loaded
# at the same time by wrk pinned to the other core. Prints each round's req/s and B ÷ A: the two
# share whatever the machine does meanwhile, which runs one after another do not.
#
#   bash bench/login-pair.sh DIR_A DIR_B [ROUNDS]      e.g. bash bench/login-pair.sh /tmp/before .
set -euo pipefail
a=$(cd "$1" && pwd); b=$(cd "$2" && pwd); rounds=${3:-5}; seconds=${BENCH_DURATION:-6}
command -v wrk >/dev/null || apt-get install -y wrk >/dev/null
pa=4601; pb=4602
start() { # dir port
  rm -rf "/tmp/login-pair-$2"
  (cd "$1" && LOG_LEVEL=info NODE_ENV=production PORT=$2 HOST=127.0.0.1 PUBLIC_ORIGIN=http://127.0.0.1:$2 \
    SMTP_URL=smtp://127.0.0.1:9 DATA_DIR=/tmp/login-pair-$2 RATE_LIMITS=off \
    SESSION_SECRET=login-pair-session-secret-0123456789abcdef OBJ_SECRET=login-pair-obj-secret \
    exec taskset -c 1 npx tsx server.ts >/dev/null 2>"/tmp/login-pair-$2.log") &
}
stop() { fuser -k $pa/tcp $pb/tcp >/dev/null 2>&1 || true; }
trap stop EXIT
start "$a" $pa; start "$b" $pb
for _ in $(seq 1 180); do
  curl -sf http://127.0.0.1:$pa/healthz >/dev/null && curl -sf http://127.0.0.1:$pb/healthz >/dev/null && break
  sleep 1
done
load() { taskset -c 0 wrk -t1 -c10 -d"$2" "http://127.0.0.1:$1/login"; }
load $pa 5 >/dev/null & load $pb 5 >/dev/null; wait # warm-up
echo "A: $a"; echo "B: $b"
for r in $(seq 1 "$rounds"); do
  load $pa "$seconds" >/tmp/login-pair-a.txt & load $pb "$seconds" >/tmp/login-pair-b.txt; wait
  ra=$(awk '/Requests\/sec/{print $2}' /tmp/login-pair-a.txt); rb=$(awk '/Requests\/sec/{print $2}' /tmp/login-pair-b.txt)
  echo "round $r: A $ra req/s, B $rb req/s, B ÷ A $(awk -v a="$ra" -v b="$rb" 'BEGIN{printf "%.3f", b/a}')"
done
