#!/usr/bin/env python3
"""The table of catalog / hand-written medians from scripts/twin-sweep.sh.

    scripts/twin-table.py H100_RESULTS [H200_RESULTS]
    scripts/twin-table.py assets/measurements/h100.json assets/measurements/h200.json

One row per kernel, one column per tile x rows-per-block shape; with two
sources each cell is "first / second". A source is a sweep's folder or a
measurement file (its 8192^2 transposes: the shapes gpu-measure.sh times). Bold where a ratio is above 1.03
(issue 8: every shape within 3% of the hand-written kernel)."""
import glob
import json
import os
import re
import sys

LIMIT = 1.03


def recorded_ratios(path):
    """The same from a measurement file: its square 8192^2 entries with a twin."""
    out = {}
    for e in json.load(open(path))["kernels"].values():
        p, hand = e["params"], e.get("handwritten")
        if hand and p["rows"] == p["cols"] == 8192:
            out[(e["kernel"], p["tile"], p["block_rows"])] = hand["ratio"]
    if not out:
        sys.exit(f"{path}: no 8192^2 entry with a hand-written timing")
    return out


def ratios(folder):
    """{(kernel, tile, rows): catalog median / hand-written median} of one sweep."""
    if folder.endswith(".json"):
        return recorded_ratios(folder)
    out = {}
    for path in glob.glob(os.path.join(folder, "twin-*.json")):
        m = re.fullmatch(r"twin-(.+)-(\d+)-(\d+)\.json", os.path.basename(path))
        entry = next(iter(json.load(open(path))["kernels"].values()))
        hand = entry.get("handwritten")
        if not (hand and entry.get("passed") and hand.get("passed")):
            sys.exit(f"{path}: no checked hand-written timing")
        out[(m[1], int(m[2]), int(m[3]))] = hand["ratio"]
    if not out:
        sys.exit(f"{folder}: no twin-*.json (run scripts/twin-sweep.sh first)")
    return out


def main():
    runs = [ratios(d) for d in sys.argv[1:]]
    if not runs:
        sys.exit(__doc__)
    keys = set().union(*runs)
    kernels = sorted({k for k, _, _ in keys}, key=lambda k: (k != "copy", k != "transpose_naive", k))
    shapes = sorted({(t, r) for _, t, r in keys})
    print("| kernel | " + " | ".join(f"{t} x {r}" for t, r in shapes) + " |")
    print("|---" * (len(shapes) + 1) + "|")
    for k in kernels:
        cells = []
        for t, r in shapes:
            vals = [run.get((k, t, r)) for run in runs]
            text = " / ".join("-" if v is None else f"{v:.3f}" for v in vals)
            cells.append(f"**{text}**" if any(v and v > LIMIT for v in vals) else text)
        print(f"| {k} | " + " | ".join(cells) + " |")
    for name, run in zip(sys.argv[1:], runs):
        worst = max(run, key=run.get)
        over = sum(v > LIMIT for v in run.values())
        print(f"\n{name}: {len(run)} timings, worst {run[worst]:.3f} ({worst[0]} {worst[1]} x {worst[2]}), "
              f"{over} above {LIMIT:.2f}")


if __name__ == "__main__":
    main()
