#!/usr/bin/env python3
"""The reconciliation tables of docs/ncu.md: `warpscope reconcile --gpu GPU --json` for
every catalog kernel at its defaults, as markdown (rows that are not `equal`, and how
many are). Usage: scripts/ncu-tables.py [BUILD_DIR] [GPU...] (defaults: build-rel h100 h200)."""
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
build = sys.argv[1] if len(sys.argv) > 1 else "build-rel"
gpus = sys.argv[2:] or ["h100", "h200"]
exe = os.path.join(root, build, "app", "warpscope")
env = dict(os.environ, WARPSCOPE_DATA_DIR=root)
h100 = json.load(open(os.path.join(root, "assets", "measurements", "h100.json")))
kernels = [k for k, e in h100["kernels"].items() if e["kernel"] == k and e.get("ncu")]
for gpu in gpus:
    print(f"\n### {gpu}\n")
    print("| kernel | granularity | equal rows | other rows: counter, simulated, ncu, difference, cause |")
    print("|---|---|---|---|")
    for k in kernels:
        r = subprocess.run([exe, "reconcile", "--kernel", k, "--gpu", gpu, "--json"], env=env,
                           capture_output=True, text=True)
        if r.returncode:
            print(f"| {k} | - | - | {r.stderr.strip()} |")
            continue
        j = json.loads(r.stdout)
        equal = sum(1 for x in j["rows"] if x["cause"] == "equal")
        other = []
        for x in j["rows"]:
            if x["cause"] == "equal":
                continue
            where = (x["site"] or "kernel") + (f":{x['line']}" if x["line"] else "")
            d = x["difference"]
            pct = f" ({100 * d / x['simulated']:+.1f}%)" if d and x["simulated"] else ""
            other.append(f"{where} {x['space']} {x['op']} {x['counter']}: {x['simulated']}, {x['ncu']:.0f}, "
                         f"{d:+.0f}{pct}, `{x['cause']}`")
        print(f"| {k} | {j['granularity']} | {equal} | {'<br>'.join(other) or '-'} |")
