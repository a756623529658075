#!/usr/bin/env bash
# Runs the sweep benchmarks (benches/sweep/, the `sweep` feature) and prints, for each family,
# the distribution of cute/hand over its points (each point's two medians measured one after
# the other in the same run): worst, median, best, and every point past 1.05. The table is
# BENCHMARKS.md's, through `bash benches/report.sh run sweeps bash benches/sweep_report.sh`.
#   bash benches/sweep_report.sh [FILTER]      # FILTER: a criterion filter (a regex), default "sweep/"
# Respects CARGO_TARGET_DIR. Needs python3 to read criterion's estimates (skipped without it).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v python3 > /dev/null; then
  echo "skipped: python3 reads criterion's estimates and is not installed"
  exit 0
fi
filter="${1:-sweep/}"
# Criterion's progress lines go; build errors and warnings stay, and a failed build stops here.
set +e
cargo bench --quiet --features sweep --bench sweep -- "$filter" 2>&1 >/dev/null | grep -v '^Benchmarking' >&2
status=${PIPESTATUS[0]}
set -e
if [ "$status" != 0 ]; then exit "$status"; fi
python3 - "${CARGO_TARGET_DIR:-target}/criterion" "$filter" <<'EOF'
import json, os, re, statistics, sys

root, filt = sys.argv[1], sys.argv[2]
points = {}
for group in sorted(os.listdir(root)):
    gdir = os.path.join(root, group)
    if not os.path.isdir(gdir):
        continue
    for name in os.listdir(gdir):
        est = os.path.join(gdir, name, "new", "estimates.json")
        bench = os.path.join(gdir, name, "new", "benchmark.json")
        if not (os.path.exists(est) and os.path.exists(bench)):
            continue
        with open(bench) as f:
            full = json.load(f)["full_id"]
        if not re.search(filt, full) or not full.endswith(("/cute", "/hand")):
            continue
        with open(est) as f:
            median = json.load(f)["median"]["point_estimate"]
        point, side = full.rsplit("/", 1)
        points.setdefault(point, {})[side] = median

families = {}
for point, sides in points.items():
    if "cute" in sides and "hand" in sides and sides["hand"] > 0:
        family = point.split("/")[0] + "/" + point.split("/")[1]
        kind = point.split("/")[-1]
        families.setdefault((family, kind), []).append((sides["cute"] / sides["hand"], point, sides))

print("| family | operands | points | cute / hand: worst | median | best | past 1.05 | worst points |")
print("|---|---|---|---|---|---|---|---|")
details = []
for (family, kind), rows in sorted(families.items()):
    ratios = sorted(r for r, _, _ in rows)
    past = sorted((row for row in rows if row[0] > 1.05), reverse=True)
    worst = ", ".join(p.split("/")[2] for _, p, _ in past[:4]) or "—"
    print(f"| `{family}` | {kind} | {len(rows)} | {ratios[-1]:.2f} | {statistics.median(ratios):.2f} | "
          f"{ratios[0]:.2f} | {len(past)} | {worst} |")
    for r, point, sides in past:
        details.append(f"  {point}: {r:.3f} ({sides['cute']:.1f} ns / {sides['hand']:.1f} ns)")
if details:
    print()
    print("Points past 1.05:")
    print("\n".join(details))
EOF
