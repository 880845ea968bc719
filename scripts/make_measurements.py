#!/usr/bin/env python3
"""Turns the results of scripts/gpu-measure.sh (results.tar.gz, unpacked) into
assets/measurements/<name>.json: bench timings plus Nsight Compute counters per
catalog kernel, as the app and the fidelity test read them.
usage: make_measurements.py RESULTS_DIR OUT_JSON
       make_measurements.py --update RESULTS_DIR OUT_JSON
       make_measurements.py --timings RESULTS_DIR OUT_JSON
--update takes one kernel's folder of `gpu-measure.sh kernel NAME...` (RESULTS/NAME,
re-measured after a change to its body): its entries replace those in OUT_JSON, the
rest and the calibration stay, and the file's "updates" list says what was
re-measured when.
--timings takes a `gpu-measure.sh timings` run alone (no counters): its calibration
and timings replace OUT_JSON's, so that they come from one machine; each entry keeps
the Nsight Compute counters OUT_JSON has for the same kernel and parameters (counts,
not times: the same on every machine for the same body), and entries the run did
not time (NO_TWIN_SHAPES=1 skips the twins' extra shapes) stay as they were.
Entries the file has no counters for take this run's, where RESULTS_DIR holds
them (ncu-sweep-*.csv, ncu-fast-*.csv of a SHAPE_COUNTERS_ONLY=1 counters call).
"updates" records what stayed untimed and what was counted.
Every string written passes through scripts/strip_paths.py (bench's --json /tmp/res/...
in "command" becomes $TMP/res/...)."""
import csv, glob, json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strip_paths import strip_json  # noqa: E402  (the "command" fields: no recording machine's folder in assets/)

NCU_COMMAND = ("ncu --clock-control none --metrics <hardware-model metrics> --csv --page raw -k regex:ws_kernel "
               "warpscope bench --kernel K [flags] --launch-once")


def ncu_rows(path):
    """Kernel name and {metric.sum: value} per profiled launch, in launch order."""
    rows = list(csv.reader(open(path)))
    header_at = [i for i, r in enumerate(rows) if r and r[0] == "ID"]
    if not header_at:
        return []
    h = rows[header_at[0]]
    out = []
    for r in rows[header_at[0] + 2:]:
        d = dict(zip(h, r))
        metrics = {k: float(v.replace(",", "")) for k, v in d.items()
                   if k.endswith(".sum") and (k.startswith(("l1tex__", "smsp__sass", "dram__", "gpu__")))
                   and v.replace(",", "").replace(".", "").isdigit()}
        out.append((d["Kernel Name"], metrics))
    return out


def smi_driver(res):
    """driver_version from the nvidia-smi query gpu-measure.sh saves (nvidia-smi.csv)."""
    path = os.path.join(res, "nvidia-smi.csv")
    if not os.path.exists(path):
        return None
    rows = list(csv.DictReader(open(path), skipinitialspace=True))
    return rows[0]["driver_version"].strip() if rows else None


def launch_counters(path):
    """The counters of a one-launch ncu file; None where the shape was timed only (no file)."""
    rows = ncu_rows(path) if os.path.exists(path) else []
    return rows[0][1] if rows else None


def entry(bench_kernel, ncu=None):
    e = {"kernel": bench_kernel["kernel"], "params": bench_kernel["params"],
         "median_ms": bench_kernel["median_ms"], "gbps": bench_kernel["gbps"],
         "fraction_of_memcpy": bench_kernel["fraction_of_memcpy"], "checked": bench_kernel["checked"],
         "passed": bench_kernel["passed"]}
    for key in ("gflops", "min_ms", "max_ms", "launches", "sm_clock_mhz_before", "sm_clock_mhz_after", "handwritten"):
        if key in bench_kernel:
            e[key] = bench_kernel[key]
    if ncu:
        e["ncu"] = ncu
    return e


def launch(e):
    """What an entry measured: the kernel and its parameters (keys name shapes in more than one way)."""
    return e["kernel"], json.dumps(e["params"], sort_keys=True)


def merge(run, kernels, out_path):
    doc = json.load(open(out_path))
    assert run["gpu"] == doc["gpu"], f"these results are from {run['gpu']}, {out_path} from {doc['gpu']}"
    names = {e["kernel"] for e in kernels.values()}
    stale = [k for k, e in doc["kernels"].items() if e["kernel"] in names and k not in kernels]
    # An entry that the run re-measured under another key (the full run's extra
    # benches name their shapes differently from the sweeps): the new one replaces it.
    remeasured = {launch(e) for e in kernels.values()}
    for k in [k for k in stale if launch(doc["kernels"][k]) in remeasured]:
        print(f"{out_path}: '{k}' re-measured under another key; dropped")
        del doc["kernels"][k]
        stale.remove(k)
    assert not stale, f"entries of {names} that the run did not re-measure: {stale}"
    doc["kernels"].update(kernels)
    doc.setdefault("updates", []).append({"kernels": sorted(kernels), "date": run["date"], "driver": run["driver"],
                                          "command": run["command"]})
    json.dump(strip_json(doc), open(out_path, "w"), indent=1)
    print(f"{out_path}: {len(kernels)} entries re-measured ({', '.join(sorted(kernels))})")


def keep_counters(kernels, out_path, allb):
    """--timings: the new calibration and timings, the old counters and untimed entries."""
    old = json.load(open(out_path))
    assert allb["gpu"] == old["gpu"], f"these results are from {allb['gpu']}, {out_path} from {old['gpu']}"
    counted = {launch(e): e["ncu"] for e in old["kernels"].values() if "ncu" in e}
    for e in kernels.values():
        if launch(e) in counted:
            e["ncu"] = counted[launch(e)]
    # Entries the file had no counters for, counted in this run (SHAPE_COUNTERS_ONLY).
    counted_now = sorted(k for k, e in kernels.items() if "ncu" in e and launch(e) not in counted)
    timed = {launch(e) for e in kernels.values()}
    kept = {k: e for k, e in old["kernels"].items() if launch(e) not in timed}
    print(f"{out_path}: {len(kernels)} entries re-timed, {sum(launch(e) in counted for e in kernels.values())} of them with the file's "
          f"counters, {len(counted_now)} counted in this run; kept untimed: {', '.join(sorted(kept)) or 'none'}")
    return {**kept, **kernels}, old, sorted(kept), counted_now


def main(res, out_path, update=False, timings=False):
    allb = json.load(open(os.path.join(res, "bench-all.json")))
    doc = {k: allb[k] for k in ("gpu", "driver", "cuda", "date", "memcpy_d2d_gbps")}
    # The driver's version as nvidia-smi reports it (580.159.04); bench writes the
    # same from /proc/driver/nvidia/version, older builds wrote the CUDA API's "13.0".
    smi = smi_driver(res)
    if smi:
        if allb["driver"] != smi:
            print(f"note: bench says driver {allb['driver']}, nvidia-smi {smi}; recording nvidia-smi's")
        doc["driver"] = smi
    if "driver_api" in allb:
        doc["driver_api"] = allb["driver_api"]
    doc["command"] = allb["command"] + " (timings); " + NCU_COMMAND + " (counters); see scripts/gpu-measure.sh"
    kernels = {}
    # --timings: no counters; each bench entry pairs with none.
    launched = [("ws_kernel", None)] * len(allb["kernels"]) if timings else ncu_rows(os.path.join(res, "ncu-all.csv"))
    assert len(launched) == len(allb["kernels"]), (len(launched), len(allb["kernels"]))
    # bench --launch-once launches the kernels in bench's order ("order"); each
    # launch is one ws_kernel<VARIANT> entry, VARIANT being bench's "entry".
    in_order = sorted(allb["kernels"], key=lambda n: allb["kernels"][n]["order"])
    for name, (kernel_name, metrics) in zip(in_order, launched):
        variant = allb["kernels"][name]["entry"].replace(" ", "").replace("ws::kernels::", "")  # ncu drops namespaces
        assert "ws_kernel" in kernel_name and (variant in kernel_name.replace(" ", "") or "<" not in kernel_name), \
            (name, variant, kernel_name)
        kernels[name] = entry(allb["kernels"][name], metrics)
    for path in sorted(glob.glob(os.path.join(res, "sweep-*.json")), key=lambda p: int(re.findall(r"\d+", p)[-1])):
        i = re.findall(r"\d+", os.path.basename(path))[-1]
        kernel, flags = open(os.path.join(res, f"sweep-{i}.name")).read().strip().split("|")
        b = json.load(open(path))["kernels"][kernel]
        key = kernel + " " + " ".join(f"{a[2:]}={v}" for a, v in zip(flags.split()[::2], flags.split()[1::2]))
        e = entry(b, launch_counters(os.path.join(res, f"ncu-sweep-{i}.csv")))
        if "ncu" not in e and "ncu" in kernels.get(key, {}):  # a timing-only re-run keeps the counted one's counters
            e["ncu"] = kernels[key]["ncu"]
        kernels[key] = e
    for path in sorted(glob.glob(os.path.join(res, "bench-fast-*.json"))):
        b = json.load(open(path))
        (kernel, k), = b["kernels"].items()
        p = k["params"]
        key = f"{kernel} tile={p['tile']} block_rows={p['block_rows']} swizzle={p['swizzle']}"
        ncu_name = os.path.basename(path).replace("bench-fast-", "ncu-fast-").replace(".json", ".csv")
        kernels.setdefault(key, entry(k, launch_counters(os.path.join(res, ncu_name))))
    if update:
        return merge(doc, kernels, out_path)
    if timings:
        assert os.path.exists(os.path.join(res, "calibrate.json")), "--timings needs the run's calibration (calibrate.json)"
        kernels, old, kept, counted_now = keep_counters(kernels, out_path, allb)
        doc["command"] = allb["command"] + " (timings, " + doc["date"] + "); counters: " + old["command"]
        doc["updates"] = old.get("updates", []) + [{"timings": "calibration and every kernel re-timed on one machine",
                                                   "kept_untimed": kept, "counted_in_this_run": counted_now,
                                                   "date": doc["date"], "driver": doc["driver"]}]
    calibration = os.path.join(res, "calibrate.json")
    if os.path.exists(calibration):
        doc["calibration"] = json.load(open(calibration))["calibration"]
    doc["kernels"] = kernels
    json.dump(strip_json(doc), open(out_path, "w"), indent=1)
    print(f"{out_path}: {len(kernels)} entries, memcpy {doc['memcpy_d2d_gbps']:.0f} GB/s, "
          f"transpose_fast {kernels['transpose_fast']['fraction_of_memcpy'] * 100:.1f}%")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a not in ("--update", "--timings")]
    main(args[0], args[1], update="--update" in sys.argv[1:], timings="--timings" in sys.argv[1:])
