#!/usr/bin/env python3
"""The tables of docs/prediction.md, from `warpscope compare --gpu NAME --json`
and the Nsight Compute counters of the same measurement file.

    scripts/prediction-tables.py build/app/warpscope h100 > /tmp/h100.md

Nothing here is fitted: it prints what compare reports, and checks the model's
limiter against ncu's own counters (achieved DRAM bandwidth and shared-memory
wavefront rate, each as a fraction of the calibrated peak)."""
import json
import subprocess
import sys
from pathlib import Path

SIZE_KEYS = ("rows", "cols", "inner")
# Sizes the lessons never default to: the calibration's microbenchmarks saw none of the catalog.
# A resource ncu shows at least this busy (of its calibrated peak) is saturated.
SATURATED = 0.9
UNSEEN = {("transpose", 2048, 2048), ("transpose", 16384, 4096), ("matmul", 1024, 1024), ("matmul", 4096, 4096)}


def label(side):
    return side["kernel"] + ("" if side["label"] == "defaults" else " " + side["label"])


def pct(e):
    return "-" if e is None else f"{100 * e:+.0f}%"


def main():
    exe, gpu = sys.argv[1], sys.argv[2]
    out = json.loads(subprocess.run([exe, "compare", "--gpu", gpu, "--json"], check=True, capture_output=True,
                                    text=True).stdout)
    data = json.loads(Path(out["source"]).read_text())
    cal = data["calibration"]

    print(f"#### {out['gpu_name']} ({gpu}.json)\n")
    print("| lesson pair (baseline -> variant) | measured (min-max) | predicted | error | limiter: baseline -> variant |")
    print("|---|---|---|---|---|")
    within = 0
    for p in out["pairs"]:
        b, v = p["baseline"], p["variant"]
        rng = p.get("measured_speedup_range")
        meas = f"{p['measured_speedup']:.2f}x" + (f" ({rng[0]:.2f}-{rng[1]:.2f})" if rng else "")
        pred = "-" if p["predicted_speedup"] is None else f"{p['predicted_speedup']:.2f}x"
        within += p["error"] is not None and abs(p["error"]) <= 0.15
        print(f"| {label(b)} -> {label(v)} | {meas} | {pred} | "
              f"{pct(p['error'])} | {b['bound']} -> {v['bound']} |")
    ks = [k for k in out["kernels"] if k["error"] is not None]
    print(f"\n{within} of {len(out['pairs'])} pairs within 15%; "
          f"{sum(abs(k['error']) <= 0.25 for k in ks)} of {len(ks)} kernels within 25%.\n")

    print("Sizes the lessons do not use by default (2048² and 16384×4096 transposes, 1024² and 4096² matmuls):\n")
    print("| kernel | measured ms | predicted ms | error | limiter |")
    print("|---|---|---|---|---|")
    for k in ks:
        family = "matmul" if k["kernel"].startswith("matmul") else "transpose"
        if (family, k["params"]["rows"], k["params"]["cols"]) in UNSEEN:
            print(f"| {label(k)} | {k['measured_ms']:.4g} | {k['predicted_ms']:.4g} | "
                  f"{pct(k['error'])} | {k['bound']} |")

    # The limiter against ncu: which of DRAM and the shared-memory pipe ran closer to its calibrated peak.
    print("\nLimiter against ncu (DRAM-, shared- or latency-bound predictions with counters recorded):\n")
    agree = checked = 0
    rows, gaps = [], []
    entries = {(e["kernel"], json.dumps(e["params"], sort_keys=True)): e for e in data["kernels"].values()}
    for k in ks:
        if k["bound"] not in ("DRAM", "shared-memory wavefronts", "latency/occupancy"):
            continue
        e = entries.get((k["kernel"], json.dumps(k["params"], sort_keys=True)))
        if not e or "ncu" not in e or not e["ncu"].get("gpu__time_duration.sum"):
            continue
        n, t = e["ncu"], e["ncu"]["gpu__time_duration.sum"] * 1e-9
        dram = (n["dram__bytes_read.sum"] + n["dram__bytes_write.sum"]) / t / (cal["dram_gbps"] * 1e9)
        waves = n["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"] + \
            n["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"]
        shared = waves / t / (cal["sm_count"] * cal["sm_clock_mhz"] * 1e6 * cal["shared_wavefronts_per_clock_per_sm"])
        # ncu's limiter: the busier of the two; for a latency-bound prediction, the
        # question is instead whether either ran near its peak (then it is not latency).
        ncu_bound = "DRAM" if dram >= shared else "shared-memory wavefronts"
        if k["bound"] == "latency/occupancy" and max(dram, shared) < SATURATED:
            ncu_bound = "latency/occupancy"
        checked += 1
        agree += ncu_bound == k["bound"]
        # The model's own busy fractions: each resource's time over the kernel's, the launch aside.
        r = k["resources"]
        work = k["predicted_ms"] - r["launch"]
        model_dram, model_shared = r["DRAM"] / work, r["shared-memory wavefronts"] / work
        # Pairs where both sides are idle (below 3%) would only pad the mean.
        for model, ncu, what in ((model_dram, dram, "DRAM"), (model_shared, shared, "shared wavefronts")):
            if max(model, ncu) >= 0.03:
                gaps.append((abs(model - ncu), what, label(k)))
        rows.append(f"| {label(k)} | {k['bound']} | {100 * model_dram:.0f}% / {100 * dram:.0f}% | "
                    f"{100 * model_shared:.0f}% / {100 * shared:.0f}% | {'yes' if ncu_bound == k['bound'] else 'no'} |")
    print("| kernel | model's limiter | DRAM busy: model / ncu | shared wavefronts busy: model / ncu | agree |")
    print("|---|---|---|---|---|")
    print("\n".join(rows))
    worst = max(gaps)
    print(f"\n{agree} of {checked} agree. The model's busy fractions against ncu's ({len(gaps)} where either "
          f"is 3% or more): mean gap {100 * sum(g[0] for g in gaps) / len(gaps):.1f} points, worst "
          f"{100 * worst[0]:.0f} ({worst[1]}, {worst[2]}).")


if __name__ == "__main__":
    main()
