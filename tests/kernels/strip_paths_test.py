#!/usr/bin/env python3
"""scripts/strip_paths.py (issue 37): the recording machine's folders become
repository-relative paths, $TMP, ~ or $CUDA; make_ncu_sources.py's Source-page
trimming and make_measurements.py's JSON pass through it."""
import csv
import json
import os
import sys
import tempfile
import unittest

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")
sys.path.insert(0, SCRIPTS)
import strip_paths  # noqa: E402
from make_ncu_sources import trim_source_page  # noqa: E402

ROOT = "/srv/ci/warpscope"  # a recording machine's checkout


class StripPaths(unittest.TestCase):
    def strip(self, text):
        return strip_paths.strip_paths(text, [ROOT])

    def test_checkout_paths_become_repository_relative(self):
        self.assertEqual(self.strip('"File Path","/srv/ci/warpscope/kernels/src/gpu_entry.cuh"'),
                         '"File Path","kernels/src/gpu_entry.cuh"')
        self.assertEqual(self.strip("'/srv/ci/warpscope/build-carry/warpscope' bench"), "'build-carry/warpscope' bench")
        self.assertEqual(self.strip("cd /srv/ci/warpscope && ls"), "cd . && ls")
        # Another machine's checkout, found by the repository's own top-level folder.
        self.assertEqual(self.strip("/home/u/ws/kernels/include/ws/kernels/copy.hpp:12:"),
                         "kernels/include/ws/kernels/copy.hpp:12:")

    def test_temporary_home_and_toolkit_folders_become_placeholders(self):
        self.assertEqual(self.strip("--json /tmp/res/bench-all.json"), "--json $TMP/res/bench-all.json")
        self.assertEqual(self.strip("(/tmp/tmp.rnphVmNnWx/probe)"), "($TMP/tmp.rnphVmNnWx/probe)")
        self.assertEqual(self.strip("--json /root/out/c.json"), "--json ~/out/c.json")
        self.assertEqual(self.strip("/usr/local/cuda-12.4/targets/x86_64-linux/include/sm_30_intrinsics.hpp"),
                         "$CUDA/targets/x86_64-linux/include/sm_30_intrinsics.hpp")

    def test_what_is_no_machine_folder_stays(self):
        for text in ("3.2 GB/s, 1/2 of it", "https://docs.nvidia.com/nsight-compute/", "a / b", "/dev/null",
                     "kernels/src/x.cpp"):
            self.assertEqual(self.strip(text), text)

    def test_json_strings_and_keys(self):
        doc = {"command": "warpscope bench --json /tmp/r/b.json", "n": 3, "l": ["/srv/ci/warpscope/docs/a.md"]}
        self.assertEqual(strip_paths.strip_json(doc, [ROOT]),
                         {"command": "warpscope bench --json $TMP/r/b.json", "n": 3, "l": ["docs/a.md"]})

    def test_a_trimmed_source_page_holds_no_absolute_path(self):
        header = ["Line No", "Source", "Address", "Source", "Instructions Executed", "Thread Instructions Executed",
                  "Address Space", "Access Operation", "Access Size", "L1 Tag Requests Global",
                  "L2 Theoretical Sectors Global Excessive", "L2 Theoretical Sectors Global",
                  "L2 Theoretical Sectors Global Ideal"]
        rows = [["File Path", strip_paths.ROOT + "/kernels/include/ws/kernels/copy.hpp"],
                ["Function Name", "void ws_kernel<Copy<32, 8>>(GpuArrays, KernelParams)"], header,
                ["12", "out[i] = in[i];"] + [""] * (len(header) - 2),
                ["", "", "0x10", "LDG.E R2, [R2]", "8", "256", "Global", "Load", "32", "8", "0", "32", "32"]]
        with tempfile.TemporaryDirectory() as d:
            src, dst = os.path.join(d, "in.csv"), os.path.join(d, "out.csv")
            with open(src, "w", newline="") as f:
                csv.writer(f, quoting=csv.QUOTE_ALL).writerows(rows)
            trim_source_page(src, dst)
            out = list(csv.reader(open(dst)))
        self.assertEqual(out[0], ["File Path", "kernels/include/ws/kernels/copy.hpp"])

    def test_rewrite_file_in_place(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "log.txt")
            open(p, "w").write("recorded 27 launches into /tmp/ncu2\n")
            self.assertTrue(strip_paths.rewrite_file(p, [ROOT]))
            self.assertEqual(open(p).read(), "recorded 27 launches into $TMP/ncu2\n")
            self.assertFalse(strip_paths.rewrite_file(p, [ROOT]))


if __name__ == "__main__":
    unittest.main()
