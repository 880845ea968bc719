#!/usr/bin/env python3
"""Rewrites the recording machine's absolute paths in recorded text as paths a
clone can carry (issue 37): a path inside the checkout becomes relative to the
repository (/work/main/kernels/include/ws/kernels/copy.hpp -> kernels/include/
ws/kernels/copy.hpp), a temporary folder's becomes $TMP/..., a home folder's
~/..., the CUDA toolkit's $CUDA/... . tests/kernels/asset_paths_test.cpp fails on any absolute path left in
assets/.

  scripts/strip_paths.py FILE...            rewrites each file in place
  scripts/strip_paths.py < in > out         filters a log (the device scripts' output)
  scripts/strip_paths.py --root DIR ...     DIR: the checkout the text was recorded in
                                            (default: this one; a path of another checkout
                                            is still found by its top-level folder)

make_measurements.py and make_ncu_sources.py pass every text they write
through strip_paths(); scripts/gpu-measure.sh and ncu-record.sh filter their
logs with it.
"""
import argparse
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The repository's own top-level folders: a path through one of them is inside some
# checkout, the recording machine's, whatever its root was. build* are build folders.
TOP_LEVEL = ("kernels", "app", "sim", "tests", "scripts", "assets", "docs", "cmake", "packaging", "third_party",
             "web")
TOP_LEVEL_RE = re.compile(r"/((?:" + "|".join(TOP_LEVEL) + r"|build[\w.-]*)(?:/[^\s]*)?)$")
# An absolute path: a '/' not preceded by a name character (so "GB/s" and "a/b" are not
# paths, nor the second slash of "//"), then one or more components.
PATH_RE = re.compile(r"(?<![\w.~$/\\-])(/[\w.+@%=-]+(?:/[\w.+@%=-]*)*)")
TEMP_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm")
HOME_RE = re.compile(r"^(?:/root|/home/[^/]+|/Users/[^/]+)(/.*)?$")
# The CUDA toolkit's headers (ncu's Source page lists the inlined ones): $CUDA/...
CUDA_RE = re.compile(r"^(?:/usr/local/cuda(?:-[\d.]+)?|/opt/nvidia/[^/]+|/usr/lib/cuda)(/.*)?$")


def _under(path, folder):
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def strip_path(path, roots):
    """One absolute path, rewritten; unchanged where it is none of the recording machine's folders."""
    for root in roots:
        if _under(path, root):
            rest = path[len(root.rstrip("/")):].lstrip("/")
            return rest or "."
    m = TOP_LEVEL_RE.search(path)
    if m and not _under(path, "/usr") and not _under(path, "/etc"):
        return m.group(1)
    temps = {os.path.realpath(t) for t in TEMP_FOLDERS} | set(TEMP_FOLDERS)
    if os.environ.get("TMPDIR"):
        temps.add(os.environ["TMPDIR"].rstrip("/"))
    for t in sorted(temps, key=len, reverse=True):
        if _under(path, t):
            return "$TMP" + path[len(t):]
    m = HOME_RE.match(path)
    if m:
        return "~" + (m.group(1) or "")
    m = CUDA_RE.match(path)
    if m:
        return "$CUDA" + (m.group(1) or "")
    return path


def strip_paths(text, roots=(ROOT,)):
    """Every absolute path in `text` that names the recording machine's checkout, a
    temporary folder or a home folder, rewritten (see strip_path)."""
    roots = sorted({r.rstrip("/") or "/" for r in roots if r and r != "/"}, key=len, reverse=True)
    return PATH_RE.sub(lambda m: strip_path(m.group(1), roots), text)


def strip_json(value, roots=(ROOT,)):
    """strip_paths on every string (values and keys) of a parsed JSON document."""
    if isinstance(value, str):
        return strip_paths(value, roots)
    if isinstance(value, list):
        return [strip_json(v, roots) for v in value]
    if isinstance(value, dict):
        return {strip_paths(k, roots): strip_json(v, roots) for k, v in value.items()}
    return value


def rewrite_file(path, roots=(ROOT,)):
    """Rewrites a text file in place; True where it changed. A file that is not UTF-8 text is left."""
    try:
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    except UnicodeDecodeError:
        return False
    if "\0" in text:
        return False
    out = strip_paths(text, roots)
    if out == text:
        return False
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".strip-")
    with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
        f.write(out)
    os.chmod(tmp, os.stat(path).st_mode & 0o777)
    os.replace(tmp, path)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", action="append", default=[], help="the checkout the text was recorded in")
    ap.add_argument("files", nargs="*", help="files rewritten in place (none: stdin to stdout)")
    a = ap.parse_args()
    roots = [os.path.abspath(r) for r in a.root] + [ROOT]
    if not a.files:
        for line in sys.stdin:
            sys.stdout.write(strip_paths(line, roots))
            sys.stdout.flush()
        return
    changed = 0
    for path in a.files:
        if os.path.isdir(path):
            for d, _, names in os.walk(path):
                changed += sum(rewrite_file(os.path.join(d, n), roots) for n in sorted(names))
        else:
            changed += rewrite_file(path, roots)
    print(f"strip_paths: {changed} file(s) rewritten", file=sys.stderr)


if __name__ == "__main__":
    main()
