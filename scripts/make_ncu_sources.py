#!/usr/bin/env python3
"""Writes assets/measurements/ncu-source/<gpu>/: the Nsight Compute evidence that
`warpscope reconcile --gpu <gpu>` reads (kernels/include/ws/kernels/ncu_records.hpp).

  scripts/make_ncu_sources.py --gpu h100 --recorded RESULTS_DIR
      RESULTS_DIR from scripts/ncu-record.sh (launches.tsv, machine.txt, NAME.metrics.csv,
      NAME.source.csv): each launch's CSVs, trimmed to the memory instructions and the
      columns reconcile reads (still ncu's format, which the C++ parser reads), and the
      index; one-block launches give the one_block entries (shared wavefronts per
      instruction, alone and over the grid).
  scripts/make_ncu_sources.py --gpu h100 --one-block-text assets/measurements/runs/h100-one-block-counters-2026-11-26.txt
      the one-block tables scripts/probes/one-block-counters.sh printed, as one_block entries.

Entries already in the index are kept unless the same launch (kernel, params, launch,
repeat) or the same one-block shape comes again. Every text written passes through
scripts/strip_paths.py: the Source page's "File Path" is relative to the repository.
"""
import argparse
import csv
import datetime
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_measurements import ncu_rows  # noqa: E402  (the raw page's reader)
from strip_paths import strip_json, strip_paths  # noqa: E402  (no recording machine's folder in assets/)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE_COLUMNS = ["Line No", "Source", "Address", "Source", "Instructions Executed", "Thread Instructions Executed",
                  "Address Space", "Access Operation", "Access Size", "L1 Tag Requests Global",
                  "L1 Conflicts Shared N-Way", "L1 Wavefronts Shared Excessive", "L1 Wavefronts Shared",
                  "L1 Wavefronts Shared Ideal", "L2 Theoretical Sectors Global Excessive",
                  "L2 Theoretical Sectors Global", "L2 Theoretical Sectors Global Ideal"]
SHARED_COLUMNS = {"L1 Conflicts Shared N-Way", "L1 Wavefronts Shared Excessive", "L1 Wavefronts Shared",
                  "L1 Wavefronts Shared Ideal"}
METRIC_ID_COLUMNS = ["ID", "Kernel Name", "Block Size", "Grid Size"]


def flags_to_params(flags):
    """'--tile 64 --block-rows 8' -> {'tile': 64, 'block_rows': 8} (a flag is its JSON key with '-' for '_')."""
    words = flags.split()
    if len(words) % 2:
        raise SystemExit(f"odd flags: {flags!r}")
    return {w[2:].replace("-", "_"): int(v) for w, v in zip(words[::2], words[1::2])}


def trim_source_page(src, dst):
    """Keeps ncu's Source-page format: File Path / Function Name blocks, the header, each CUDA
    line that holds memory instructions (its text dropped: ncu leaves its quotes unescaped)
    and those SASS rows once (ncu prints each twice), with the columns reconcile reads."""
    rows = list(csv.reader(open(src, newline="")))
    out, header, cols, pending_line, seen = [], None, None, None, set()
    for r in rows:
        if not r:
            continue
        if r[0] in ("File Path", "Function Name"):
            out.append(r[:2])
            header, seen = None, set()
            continue
        if r[0] == "Line No":
            header = r
            # ncu leaves out the shared-memory columns of a kernel with no shared
            # instruction (copy, transpose_fast without its tile): they count 0 there.
            missing = [c for c in SOURCE_COLUMNS if c not in r and c not in SHARED_COLUMNS]
            if missing:
                raise SystemExit(f"{src}: the Source page lacks {missing}")
            # "Source" twice: the CUDA text, then the SASS text; None: an absent shared column.
            cols = [0, 1, 2, 3] + [r.index(c) if c in r else None for c in SOURCE_COLUMNS[4:]]
            out.append(SOURCE_COLUMNS)
            continue
        if header is None:
            continue
        if r[0]:
            pending_line = r[0]
            continue
        if len(r) != len(header) or r[2] in ("...", "-") or r[2] in seen:
            continue
        if r[header.index("Address Space")] not in ("Shared", "Global"):
            continue
        seen.add(r[2])
        if pending_line is not None:
            out.append([pending_line] + [""] * (len(SOURCE_COLUMNS) - 1))
            pending_line = None
        if r[header.index("Address Space")] == "Shared" and None in cols:
            raise SystemExit(f"{src}: a shared instruction, but the Source page lacks the shared columns")
        out.append([r[i] if i is not None else "0" for i in cols])
    with open(dst, "w", newline="") as f:
        csv.writer(f, quoting=csv.QUOTE_ALL, lineterminator="\n").writerows(
            [[strip_paths(c) for c in r] for r in out])


def trim_metrics(src, dst):
    """The raw page from its header on: launch identity and the l1tex__/smsp__/dram__/gpu__ columns."""
    rows = list(csv.reader(open(src, newline="")))
    at = [i for i, r in enumerate(rows) if r and r[0] == "ID"]
    if not at:
        raise SystemExit(f"{src}: no raw-page header (a row starting with ID)")
    h = rows[at[0]]
    keep = [h.index(c) for c in METRIC_ID_COLUMNS] + [i for i, c in enumerate(h) if c.startswith(
        ("l1tex__", "smsp__sass", "dram__", "gpu__time"))]
    with open(dst, "w", newline="") as f:
        w = csv.writer(f, quoting=csv.QUOTE_ALL, lineterminator="\n")
        for r in rows[at[0]:]:
            if len(r) == len(h):
                w.writerow([strip_paths(r[i]) for i in keep])


def per_instruction(metrics):
    w, n = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_", "smsp__sass_inst_executed_op_shared_"
    ld = metrics.get(n + "ld.sum", 0) + metrics.get("smsp__sass_inst_executed_op_ldsm.sum", 0)
    st = metrics.get(n + "st.sum", 0)
    return (metrics.get(w + "ld.sum", 0) / ld if ld else 0, metrics.get(w + "st.sum", 0) / st if st else 0)


def read_recorded(res, out_dir, index):
    machine = open(os.path.join(res, "machine.txt")).read().splitlines()
    info = dict(line.split(": ", 1) for line in machine if ": " in line)
    index.update({"gpu": info.get("gpu", ""), "driver": info.get("driver", ""), "ncu": info.get("ncu", ""),
                  "date": info.get("date", ""), "command": info.get("command", "scripts/ncu-record.sh")})
    launches, counted_of = [], {}
    for line in open(os.path.join(res, "launches.tsv")):
        name, kernel, flags, launch, repeat, rows, cols = line.rstrip("\n").split("\t")
        entry = {"kernel": kernel, "params": flags_to_params(flags), "launch": launch, "repeat": int(repeat)}
        for kind in ("source", "metrics"):
            src = os.path.join(res, f"{name}.{kind}.csv")
            if os.path.exists(src) and os.path.getsize(src) > 0:
                (trim_source_page if kind == "source" else trim_metrics)(src, os.path.join(out_dir, f"{name}.{kind}.csv"))
                entry[f"{kind}_csv"] = f"{name}.{kind}.csv"
        launches.append(entry)
        m = os.path.join(res, f"{name}.metrics.csv")
        counted = ncu_rows(m) if os.path.exists(m) else []
        if counted:
            counted_of[name] = (kernel, entry["params"], per_instruction(counted[0][1]), rows, cols)
    # One-block evidence: NAME-aloneJ beside NAME-wholeJ (ncu-record.sh's one-block part).
    one_block = []
    for name, (kernel, params, alone, rows, cols) in counted_of.items():
        m = re.match(r"^(.*)-alone(\d+)$", name)
        whole = counted_of.get(f"{m.group(1)}-whole{m.group(2)}") if m else None
        if not whole:
            continue
        one_block.append({"kernel": kernel, "params": whole[1], "rows": int(rows), "cols": int(cols),
                          "load_alone": alone[0], "load_whole": whole[2][0], "store_alone": alone[1],
                          "store_whole": whole[2][1], "source": f"ncu-source/{os.path.basename(out_dir)}/{name}"})
    # The launch recorded nowhere else, for reconcile --ncu-csv's test (ncu-source/<gpu>/unrecorded/).
    unrecorded = os.path.join(res, "unrecorded")
    if os.path.isdir(unrecorded):
        dst = os.path.join(out_dir, "unrecorded")
        os.makedirs(dst, exist_ok=True)
        for f in sorted(os.listdir(unrecorded)):
            src = os.path.join(unrecorded, f)
            if f.endswith(".source.csv"):
                trim_source_page(src, os.path.join(dst, f))
            elif f.endswith(".metrics.csv"):
                trim_metrics(src, os.path.join(dst, f))
            elif f == "commands.txt":
                open(os.path.join(dst, f), "w").write(strip_paths(open(src).read()))
    return launches, one_block


def read_one_block_text(path):
    """Lines 'KERNEL FLAGS one block (R x C) load X store Y' then 'KERNEL FLAGS 8192 x 8192 load X store Y'."""
    rel = os.path.relpath(path, os.path.join(ROOT, "assets", "measurements"))
    alone, out = {}, []
    pat = re.compile(r"^(\w+)\s+((?:--[\w-]+ \d+\s*)+?)\s+(one block \((\d+) x (\d+)\)|(\d+) x (\d+))\s+"
                     r"load ([\d.]+)\s+store ([\d.]+)")
    for line in open(path):
        m = pat.match(line)
        if not m:
            continue
        kernel, flags = m.group(1), " ".join(m.group(2).split())
        load, store = float(m.group(8)), float(m.group(9))
        if m.group(4):
            alone[(kernel, flags)] = (int(m.group(4)), int(m.group(5)), load, store)
        elif (kernel, flags) in alone:
            r, c, la, sa = alone.pop((kernel, flags))
            params = flags_to_params(flags)
            params.update({"rows": int(m.group(6)), "cols": int(m.group(7))})
            out.append({"kernel": kernel, "params": params, "rows": r, "cols": c, "load_alone": la,
                        "load_whole": load, "store_alone": sa, "store_whole": store, "source": rel})
    if not out:
        raise SystemExit(f"{path}: no one-block table found")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gpu", required=True, help="the GPU's name in assets/measurements (h100, h200)")
    ap.add_argument("--recorded", help="a results folder of scripts/ncu-record.sh")
    ap.add_argument("--one-block-text", nargs="*", default=[], help="one-block tables of one-block-counters.sh")
    a = ap.parse_args()
    out_dir = os.path.join(ROOT, "assets", "measurements", "ncu-source", a.gpu)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "index.json")
    index = json.load(open(path)) if os.path.exists(path) else {"launches": [], "one_block": []}
    launches, one_block = [], []
    if a.recorded:
        launches, one_block = read_recorded(a.recorded, out_dir, index)
    for t in a.one_block_text:
        one_block += read_one_block_text(t)
        for line in open(t):  # the table's "NAME, DRIVER" line (nvidia-smi)
            if line.startswith("NVIDIA") and "," in line and not index.get("gpu"):
                index["gpu"], index["driver"] = (x.strip() for x in line.split(",", 1))
        index.setdefault("one_block_note", "one_block entries from " + ", ".join(
            os.path.relpath(p, os.path.join(ROOT, "assets", "measurements")) for p in a.one_block_text))

    def launch_key(e):
        return (e["kernel"], json.dumps(e["params"], sort_keys=True), e["launch"], e.get("repeat", 0))

    def shape_key(e):
        p = {k: v for k, v in e["params"].items() if k not in ("rows", "cols")}
        return (e["kernel"], json.dumps(p, sort_keys=True))

    new = {launch_key(e) for e in launches}
    index["launches"] = [e for e in index.get("launches", []) if launch_key(e) not in new] + launches
    new = {shape_key(e) for e in one_block}
    index["one_block"] = [e for e in index.get("one_block", []) if shape_key(e) not in new] + one_block
    index["written"] = datetime.date.today().isoformat() + " by scripts/make_ncu_sources.py"
    with open(path, "w") as f:
        json.dump(strip_json(index), f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{path}: {len(index['launches'])} launches, {len(index['one_block'])} one-block entries")


if __name__ == "__main__":
    main()
