#!/usr/bin/env bash
# BENCHMARKS.md is a report spliced from its tables: each region
#   <!-- report NAME -->
#   ...
#   <!-- /report -->
# holds benches/report/NAME.md, written by the command that measures it (the command is named in
# the table's first line, with the machine and the date). Criterion's tables come from templates
# (benches/report/NAME.md.in) filled with criterion's latest estimates; a script's table is the
# markdown it prints (cpp_baseline.sh, sweep_report.sh, compile_time.sh, compile_user_kernels.sh,
# callgrind_sgemm.sh, examples/user_kernels --time, gpu/check.sh, gpu/run.sh), kept by `run`.
#
#   bash benches/report.sh                     # splice every table into BENCHMARKS.md
#   bash benches/report.sh --check             # fail where BENCHMARKS.md and the tables differ (CI)
#   bash benches/report.sh criterion [NAME ...] # fill the templates (all without NAME), then splice
#   bash benches/report.sh run NAME CMD ...    # run CMD; its table lines (those starting with `|`)
#                                              # become benches/report/NAME.md, then splice
#   bash benches/report.sh machine             # the machine line the tables use
#
# A template's fields: {median:ID} criterion's median of benchmark ID (3 figures and a unit),
# {ratio:A|B} median A over median B (2 decimals, 1 past 10), {gflops:ID|N} 2 N^3 flops over the median of
# ID, {machine}, {date} (the day of the newest estimate used). A missing estimate is an error that
# names it: a table is never partly old. CUTE_MACHINE overrides the machine line. Respects
# CARGO_TARGET_DIR. Needs python3 (skipped with a message without it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if ! command -v python3 > /dev/null; then
  echo "skipped: python3 splices the report and is not installed"
  exit 0
fi
if [ "${1:-}" = run ]; then
  [ $# -ge 3 ] || { echo "usage: bash benches/report.sh run NAME CMD ..." >&2; exit 2; }
  name=$2
  shift 2
  out=$(mktemp)
  trap 'rm -f "$out"' EXIT
  # The command's output is shown as it comes; a failed command writes no table.
  "$@" | tee "$out"
  set -- table "$name" "$out" "$*"
fi
python3 - "$root" "${CARGO_TARGET_DIR:-target}/criterion" "$@" <<'EOF'
import datetime, json, os, re, sys

root, crit, args = sys.argv[1], sys.argv[2], sys.argv[3:]
tables = os.path.join(root, "benches", "report")
report = os.path.join(root, "BENCHMARKS.md")
REGION = re.compile(r"^<!-- report ([a-z0-9_]+) -->\n(.*?)^<!-- /report -->\n", re.M | re.S)


def die(msg):
    print(f"benches/report.sh: {msg}", file=sys.stderr)
    sys.exit(1)


def machine():
    if os.environ.get("CUTE_MACHINE"):
        return os.environ["CUTE_MACHINE"]
    model, flags = "unknown CPU", ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and model == "unknown CPU":
                    model = line.split(":", 1)[1].strip()
                elif line.startswith("flags") and not flags:
                    flags = line
    except OSError:
        pass
    cores = os.cpu_count() or 1
    isa = ", AVX-512" if " avx512f" in flags else (", AVX2" if " avx2" in flags else "")
    return f"{model}, {cores} cores{isa}"


def spliced(text):
    names = REGION.findall(text)
    seen = set()
    for name, _ in names:
        if name in seen:
            die(f"BENCHMARKS.md has two regions for {name}")
        seen.add(name)
        if not os.path.exists(os.path.join(tables, name + ".md")):
            die(f"BENCHMARKS.md has a region for {name}, and benches/report/{name}.md does not exist")
    for f in sorted(os.listdir(tables)):
        if f.endswith(".md") and f[:-3] not in seen:
            die(f"benches/report/{f} has no region in BENCHMARKS.md")

    def body(m):
        with open(os.path.join(tables, m.group(1) + ".md")) as f:
            table = f.read()
        if not table.endswith("\n"):
            table += "\n"
        return f"<!-- report {m.group(1)} -->\n{table}<!-- /report -->\n"

    return REGION.sub(body, text)


def estimates():
    found = {}
    if not os.path.isdir(crit):
        return found
    for dirpath, _, files in os.walk(crit):
        if os.path.basename(dirpath) == "new" and "benchmark.json" in files and "estimates.json" in files:
            with open(os.path.join(dirpath, "benchmark.json")) as f:
                full = json.load(f)["full_id"]
            path = os.path.join(dirpath, "estimates.json")
            with open(path) as f:
                median = json.load(f)["median"]["point_estimate"]
            found[full] = (median, os.path.getmtime(path))
    return found


def time(ns):
    for unit, scale in (("ns", 1.0), ("µs", 1e3), ("ms", 1e6), ("s", 1e9)):
        v = ns / scale
        if v < 999.5 or unit == "s":
            # Three significant figures, trailing zeros kept: 41.0 ns, 4.98 ns, 1.18 µs.
            return f"{v:.{0 if v >= 99.95 else 1 if v >= 9.995 else 2}f} {unit}"
    raise AssertionError


def fill(name, found):
    with open(os.path.join(tables, name + ".md.in")) as f:
        template = f.read()
    used = []

    def median(bench):
        if bench not in found:
            die(f"{name}: criterion has no estimate of `{bench}`; run the command in the table's first line")
        used.append(found[bench][1])
        return found[bench][0]

    def field(m):
        kind, arg = m.group(1), m.group(2)
        if kind == "median":
            return time(median(arg))
        if kind == "ratio":
            a, b = arg.split("|")
            r = median(a) / median(b)
            return f"{r:.1f}" if r >= 10 else f"{r:.2f}"
        if kind == "gflops":
            bench, n = arg.split("|")
            return f"{2 * int(n) ** 3 / median(bench):.1f}"
        die(f"{name}: unknown field {{{kind}:...}}")

    text = re.sub(r"\{(median|ratio|gflops):([^{}]+)\}", field, template)
    day = datetime.datetime.fromtimestamp(max(used), datetime.timezone.utc).strftime("%Y-%m-%d") if used else "?"
    text = text.replace("{machine}", machine()).replace("{date}", day)
    with open(os.path.join(tables, name + ".md"), "w") as f:
        f.write(text)
    print(f"wrote benches/report/{name}.md")


def save(current):
    new = spliced(current)
    if new != current:
        with open(report, "w") as f:
            f.write(new)
        print("BENCHMARKS.md updated")


with open(report) as f:
    current = f.read()
if args == ["machine"]:
    print(machine())
elif args == ["--check"]:
    if spliced(current) != current:
        die("BENCHMARKS.md differs from the tables in benches/report/: run `bash benches/report.sh`")
    print(f"BENCHMARKS.md holds its {len(REGION.findall(current))} tables")
elif args and args[0] == "table":
    name, out, command = args[1:]
    lines, gap = [], False
    with open(out) as f:
        for line in f:
            if line.startswith("|"):
                if gap and lines:
                    lines.append("\n")
                lines.append(line if line.endswith("\n") else line + "\n")
                gap = False
            else:
                gap = True
    if not lines:
        die(f"`{command}` printed no table")
    with open(os.path.join(tables, name + ".md"), "w") as f:
        f.write(f"{machine()}, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d}: "
                f"`bash benches/report.sh run {name} {command}`.\n\n")
        f.writelines(lines)
    print(f"wrote benches/report/{name}.md")
    save(current)
elif args == [] or args[0] == "criterion":
    if args:
        names = args[1:] or sorted(f[:-6] for f in os.listdir(tables) if f.endswith(".md.in"))
        found = estimates()
        for name in names:
            if not os.path.exists(os.path.join(tables, name + ".md.in")):
                die(f"no template benches/report/{name}.md.in")
            fill(name, found)
    save(current)
else:
    die(f"unknown arguments {' '.join(args)} (see the head of benches/report.sh)")
EOF
