"""Browser tests of warpscope's web page (scripts/web-test.sh runs this): headless
Chromium opens build-web/site from a local server and drives the page as a
person would (keys, clicks, typing), reading the page's state through its test
hooks (window.warpscopeTest, web/web_page.cpp). Prints the measurements
(transferred size, first frame, frame time, simulation times) and exits 1 on
a failed check. Usage: web_test.py URL SITE_DIR [SCREENSHOT_DIR]"""
import urllib.parse
import gzip
import json
import os
import sys
import time
import zlib

import web_cdp

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_deck_last_title():
    """The title of the default deck's last lesson, from the deck and lesson files."""
    with open(os.path.join(REPO, "assets", "lessons", "decks", "default.json")) as f:
        last = json.load(f)["lessons"][-1]
    lesson_id = last if isinstance(last, str) else last["lesson"]
    folder = os.path.join(REPO, "assets", "lessons")
    name = next(n for n in sorted(os.listdir(folder)) if n.endswith("-" + lesson_id + ".json"))
    with open(os.path.join(folder, name)) as f:
        return json.load(f)["title"]

URL, SITE = sys.argv[1], sys.argv[2]
SHOTS = sys.argv[3] if len(sys.argv) > 3 else None
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)
    return ok


def png_rows(path):
    """The PNG's rows, still filtered: a one-colour picture has one distinct row."""
    data = open(path, "rb").read()
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, depth, colour = int.from_bytes(body[:4], "big"), body[8], body[9]
            channels = {2: 3, 6: 4, 0: 1, 4: 2}.get(colour, 4)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride = zlib.decompress(idat), 1 + width * channels * depth // 8
    return [raw[i:i + stride] for i in range(0, len(raw), stride)]


def status(b):
    return b.eval("warpscopeTest.command('status')")


def wait_for(b, what, predicate, seconds):
    end = time.time() + seconds
    while time.time() < end:
        s = status(b)
        if predicate(s):
            return s
        b.pump(0.1)
    check(False, f"{what} within {seconds} s (last status: {json.dumps(status(b))})")
    return None


KEYS = {"PageDown": ("PageDown", 34), "ArrowDown": ("ArrowDown", 40), "Enter": ("Enter", 13), "e": ("KeyE", 69), "a": ("KeyA", 65),
        "Control": ("ControlLeft", 17)}


def next_frames(b, n=2):
    """Waits until the page has drawn n more frames (its input is read once a frame)."""
    start, end = status(b)["frames"], time.time() + 10
    while status(b)["frames"] < start + n and time.time() < end:
        b.pump(0.02)


def press(b, key, ctrl=False):
    """A key press; with ctrl, Control is held around it (ImGui 1.86 reads Ctrl from the key's state)."""
    code, vk = KEYS[key]
    if ctrl:
        b.call("Input.dispatchKeyEvent", {"type": "rawKeyDown", "key": "Control", "code": "ControlLeft",
                                          "windowsVirtualKeyCode": 17, "modifiers": 2})
        b.settle()
    b.key(key, code, vk, modifiers=2 if ctrl else 0)
    if ctrl:
        b.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Control", "code": "ControlLeft",
                                          "windowsVirtualKeyCode": 17})
        b.settle()


def keeps_running(b, when):
    """Checks that the page's main loop still turns (an uncaught exception stops it): a few
    more turns within 10 s, however slow the frames are on a loaded machine."""
    ticks, end = status(b)["ticks"], time.time() + 10
    while status(b)["ticks"] <= ticks + 3 and time.time() < end:
        b.pump(0.1)
    check(status(b)["ticks"] > ticks + 3, f"the page keeps running {when}")


def start_intervals(b):
    """Starts noting the time of every browser animation frame (requestAnimationFrame)."""
    b.eval("""(() => { const mine = window.wsIv = []; window.wsIvOn = true;
        const f = (ts) => { if (window.wsIv !== mine || !wsIvOn) return; mine.push(ts); requestAnimationFrame(f); };
        requestAnimationFrame(f); })()""")


def stop_intervals(b):
    """The frame intervals since start_intervals, in ms, sorted."""
    t = b.eval("(() => { wsIvOn = false; return wsIv; })()")
    return sorted(t[i + 1] - t[i] for i in range(len(t) - 1))


FRAME_ROWS = []  # (what, interval median, 90th percentile, longest, frames, C++ median, C++ longest)


def frame_row(b, what, gaps):
    """Notes and prints one row of the frame-time table (docs/web.md): the browser's
    frame intervals, and the page's own C++ work per frame since the last frames_reset."""
    if len(gaps) < 2:
        check(False, f"frames were drawn while {what}")
        return
    s = status(b)
    row = (what, gaps[len(gaps) // 2], gaps[int(len(gaps) * 0.9)], gaps[-1], len(gaps),
           s["frame_cpu_ms_median"], s["frame_cpu_ms_max"])
    FRAME_ROWS.append(row)
    print(f"     frames, {what}: interval median {row[1]:.1f} ms, 90th percentile {row[2]:.1f}, "
          f"longest {row[3]:.1f} ({row[4]} frames); the page's C++ median {row[5]:.1f} ms, longest {row[6]:.1f}")


def print_frame_table():
    """Each measured activity against Dear ImGui's demo window drawn by the same build
    (issue 36's target: at most twice the demo's median, never over 100 ms). Measured, not
    asserted: SwiftShader on a shared 2-core machine sets most of it."""
    if not FRAME_ROWS or FRAME_ROWS[0][0] != "demo window":
        return
    base = FRAME_ROWS[0][1]
    print("     frame-time table (ms; browser frame interval, then the page's own C++ work):")
    print("     | activity | median | 90th pct | longest | x demo median | C++ median | C++ longest |")
    for what, med, p90, longest, n, cpu, cpu_max in FRAME_ROWS:
        print(f"     | {what} ({n} frames) | {med:.1f} | {p90:.1f} | {longest:.1f} | {med / base:.2f} | "
              f"{cpu:.1f} | {cpu_max:.1f} |")


def click_item(b, label):
    item = b.eval(f"warpscopeTest.command({json.dumps('item ' + label)})")
    if not check(item.get("found"), f"the page shows '{label}'"):
        return None
    b.click(item["x"] + min(item["w"] / 2, 40), item["y"] + item["h"] / 2)
    return item


def open_page(b, fragment=""):
    start = time.time()
    b.call("Page.navigate", {"url": URL + ("#" + fragment if fragment else "")})
    while time.time() - start < 30:
        b.pump(0.1)
        try:
            if b.eval("window.warpscopeTest ? warpscopeTest.firstFrameMs() : 0", timeout=10) > 0:
                return
        except web_cdp.CdpError:
            pass
    check(False, "the page draws its first frame within 30 s")


def screenshot(b, name):
    if SHOTS:
        next_frames(b, 6)  # ImGui settles tabs and scrolling over a few frames
        b.screenshot(os.path.join(SHOTS, name))


def sizes():
    total_raw = total_gz = 0
    for f in sorted(os.listdir(SITE)):
        raw = open(os.path.join(SITE, f), "rb").read()
        gz = len(gzip.compress(raw, 9))
        total_raw += len(raw)
        total_gz += gz
        print(f"     {f}: {len(raw) / 1e6:.2f} MB, gzip -9 {gz / 1e6:.2f} MB")
    print(f"     page: {total_raw / 1e6:.2f} MB, transferred with gzip {total_gz / 1e6:.2f} MB (target 6 MB)")
    return total_gz


def main():
    gz = sizes()
    b = web_cdp.Browser(1280, 720)
    b.settle = lambda: next_frames(b)
    try:
        # 1. The default view: no console error, a picture that is not blank.
        t_nav = time.time()
        open_page(b)
        first = b.eval("warpscopeTest.firstFrameMs()")
        wait_for(b, "the whole-kernel report finishes", lambda s: s["whole_kernel"]["done"], 60)
        # The Timings tab's kernel is predicted before the rest of the set (TimingsModel::predict_first).
        if wait_for(b, "the shown kernel's prediction", lambda s: s["prediction_shown"], 60):
            print(f"     the shown kernel's prediction after {time.time() - t_nav:.1f} s "
                  f"(the whole set still running: {not status(b)['predictions_ready']})")
        # The model's predictions of every recorded entry (3.3 s of one core natively) fill
        # in over the frames; reported, not checked. Screenshots for the docs wait for them.
        t0, limit = time.time(), 400 if SHOTS else 10
        while not status(b)["predictions_ready"] and time.time() - t0 < limit:
            b.pump(0.5)
        ready = status(b)["predictions_ready"]
        print(f"     predictions of the recorded set {'done' if ready else 'not done'} "
              f"{time.time() - t0:.0f} s after the whole-kernel view")
        b.screenshot("/tmp/ws-web-default.png")
        check(len(set(png_rows("/tmp/ws-web-default.png"))) > 50, "the default view's screenshot is not blank")
        screenshot(b, "screenshot-web-default.png")
        # Frame time: the browser's frame intervals, and the C++ frame's own time, on the idle default view.
        b.eval("warpscopeTest.alwaysDraw = true")  # an idle page draws nothing: time its frames anyway
        intervals = b.eval("""new Promise(done => { const t = [];
            const f = (ts) => { t.push(ts); if (t.length < 121) requestAnimationFrame(f); else done(t); };
            requestAnimationFrame(f); })""")
        gaps = sorted(intervals[i + 1] - intervals[i] for i in range(len(intervals) - 1))
        cpu = status(b)["frame_cpu_ms_recent"]
        b.eval("warpscopeTest.alwaysDraw = false")
        drawn, ticks = status(b)["frames"], status(b)["ticks"]
        b.pump(2)
        s = status(b)
        busy = "" if s["predictions_ready"] else " (predictions still running: their slices are in these frames)"
        print(f"     idle: {s['frames'] - drawn} frames drawn in {s['ticks'] - ticks} turns of the main loop (2 s){busy}")
        print(f"     first frame {first:.0f} ms after navigation (target 3000); frame interval median "
              f"{gaps[len(gaps) // 2]:.1f} ms, 90th percentile {gaps[int(len(gaps) * 0.9)]:.1f} ms; "
              f"the page's own work (C++) median {cpu:.1f} ms a frame (target 16)"
              + ("" if status(b)["predictions_ready"] else ", background slices included"))
        check(not b.errors(), f"no console error on load ({b.errors()[:3]})")

        # Frame times against a baseline (issue 36): Dear ImGui's own demo window filling the
        # canvas, drawn by this build every frame, then the page stepping warps (Down, each press
        # left two frames), every frame drawn as the demo's are.
        b.eval("warpscopeTest.demo = true")
        next_frames(b, 10)
        b.eval("warpscopeTest.command('frames_reset')")
        start_intervals(b)
        b.pump(4)
        frame_row(b, "demo window", stop_intervals(b))
        b.eval("warpscopeTest.demo = false")
        b.eval("warpscopeTest.alwaysDraw = true")
        next_frames(b, 10)
        b.eval("warpscopeTest.command('frames_reset')")
        start_intervals(b)
        for _ in range(30):
            press(b, "ArrowDown")
        frame_row(b, "stepping warps" + ("" if status(b)["predictions_ready"] else ", predictions in slices"),
                  stop_intervals(b))
        # What sets software WebGL's pace is the pixels the triangles cover (about 10 ms a canvas
        # on two cores): the panels' backgrounds and the cells are clears (gui/backdrop.hpp). A
        # count, not a timing: 1.5 to 1.6 canvases before.
        drawn = status(b)["draw"]
        check(drawn["overdraw"] < 0.75, f"the workbench's triangles cover less than 0.75 of the canvas "
              f"({drawn['overdraw']:.2f}, {drawn['vertices']} vertices)")
        b.eval("warpscopeTest.alwaysDraw = false")

        # 2. Simulation times in the browser (the same work as `warpscope report`).
        for args in ("transpose_shared 8192 8192 0", "matmul_tiled 4096 4096 4096"):
            r = b.eval(f"warpscopeTest.command('report_ms {args}')", timeout=300)
            check("ms" in r, f"report {args}: {r}")
            print(f"     whole-kernel report {args}: {r.get('ms', 0):.0f} ms in the browser")
        t0 = time.time()
        b.call("Page.navigate", {"url": URL + "#kernel=matmul_tiled&rows=4096&cols=4096&inner=4096"})
        b.pump(0.5)
        s = wait_for(b, "matmul_tiled 4096^3 from a link simulates in slices",
                     lambda s: s["kernel"] == "matmul_tiled" and s["whole_kernel"]["done"], 120)
        if s:
            print(f"     matmul_tiled 4096^3 opened from a link: whole-kernel view after {time.time() - t0:.1f} s")

        # 3. A lesson step from a link; Enter reveals its answer; PgDn walks the default deck.
        open_page(b, "lesson=padding&step=4")
        s = wait_for(b, "the link opens lesson 'padding' at step 4", lambda s: "step 4" in s["lesson"], 20)
        check(s and not s["lesson_error"], f"the step renders ({s and s['lesson']})")
        screenshot(b, "screenshot-web-lesson.png")
        press(b, "Enter")
        s = wait_for(b, "Enter reveals the answer", lambda s: s["revealed"], 10)
        if s:
            check("reveal=1" in b.eval("location.hash"), f"the link follows the reveal ({b.eval('location.hash')})")
        screenshot(b, "screenshot-web-lesson-answer.png")
        if SHOTS:  # presenter mode, as a projector shows it
            b.call("Page.navigate", {"url": URL + "#lesson=padding&step=4&reveal=1&present=1"})
            wait_for(b, "presenter mode from the link", lambda s: s["presenter"] and s["revealed"], 20)
            b.pump(2)
            screenshot(b, "screenshot-web-presenter.png")
            open_page(b, "lesson=padding&step=4&reveal=1")
            wait_for(b, "the step again", lambda s: s["revealed"], 20)
        # Each step is left to resolve (its facts simulated in slices, off the frame)
        # before the next press, so the walk meets every step's full work.
        seen, last, steps, longest, longest_at, broken = [], None, 0, 0.0, "", []
        b.eval("warpscopeTest.command('frames_reset')")
        b.eval("warpscopeTest.alwaysDraw = true")  # every frame drawn, as the demo baseline's
        start_intervals(b)
        t_walk = time.time()
        for _ in range(150):
            s = wait_for(b, "the step resolves", lambda s: not s["lesson_resolving"], 30) or status(b)
            if s["lesson_error"]:
                broken.append(f"{s['lesson']}: {s['lesson_error']}")
            if s["frame_cpu_ms_max"] > longest:
                longest, longest_at = s["frame_cpu_ms_max"], s["lesson"] + (" (revealed)" if s["revealed"] else "")
            lesson = s["lesson"].split(" - ")[0]
            if not seen or seen[-1] != lesson:
                seen.append(lesson)
            if s["lesson"] == last and s["revealed"] == last_revealed and len(seen) > 1:
                break  # the deck's end: forward changes nothing
            last, last_revealed = s["lesson"], s["revealed"]
            press(b, "PageDown")
            steps += 1
        frame_row(b, "walking the deck, each step resolved", stop_intervals(b))
        b.eval("warpscopeTest.alwaysDraw = false")
        print_frame_table()
        print(f"     PgDn walked {len(seen)} lessons, {steps} presses, in {time.time() - t_walk:.0f} s: {seen[0]} ... "
              f"{seen[-1]}; the longest frame of the walk {longest:.0f} ms, at {longest_at}")
        check(not broken, f"every step of the deck shows ({'; '.join(broken[:3])})")
        # The default deck ends on its recap, whose last press shows its last lesson's figure.
        last_title = default_deck_last_title()
        check(len(seen) >= 2 and last_title in seen[-1],
              f"PgDn walks the default deck from 'padding' to its end, '{last_title}' ({seen[-1]})")
        check("lesson=" in b.eval("location.hash"), "the link names the lesson shown")

        # A bad link changes nothing and says why; the page goes on.
        before, before_link = status(b)["lesson"], b.eval("location.hash")
        b.call("Page.navigate", {"url": URL + "#lesson=padding&step=99"})
        s = wait_for(b, "a bad link is refused with a message", lambda s: s["link_error"], 10)
        if s:
            print(f"     message: {s['link_error']}")
            b.pump(0.5)
            check(status(b)["lesson"] == before and b.eval("location.hash") == before_link,
                  f"the window and its link keep what was shown ({status(b)['lesson']}, {b.eval('location.hash')})")

        # A shared layout link holds '%' as "%25": it opens decoded once, as Copy link wrote it
        # (issue 36: the fragment was decoded twice and "% 32" refused).
        layout = "(c + 4*r) % 32"
        link = "layout=" + urllib.parse.quote(layout, safe="()*")
        open_page(b, link)
        s = wait_for(b, f"the link's layout '{layout}' is simulated",
                     lambda s: s["variant"] == layout and not s["variant_error"] and not s["link_error"], 30)
        check(s is not None and "%25" in b.eval("location.hash"),
              f"the address keeps the layout's '%' encoded ({b.eval('location.hash')})")
        # A malformed escape gets the "Link not opened" line and the page goes on: no uncaught
        # URIError, later links and keys still work (issue 36: "warpscope stopped").
        for bad in ("%%%", "lesson=%E0%A4%A", "layout=%ZZ", "layout=(c+r)%T",
                    "lesson=" + "x" * 100000):
            b.call("Page.navigate", {"url": URL + "#" + bad})
            s = wait_for(b, f"'#{bad[:30]}' is refused with a message", lambda s: s["link_error"], 10)
            if s:
                check(len(s["link_error"]) < 400, f"the message is cut to a line ({len(s['link_error'])} bytes)")
                keeps_running(b, f"after '#{bad[:30]}'")
        b.call("Page.navigate", {"url": URL + "#lesson=padding&step=2"})
        wait_for(b, "a good link after the bad ones opens", lambda s: "Padding" in s["lesson"] and "step 2 of" in s["lesson"] and not s["link_error"], 20)
        check(not any("stopped" in e or "URIError" in e for e in b.errors()),
              f"no uncaught error from a malformed link ({b.errors()[:2]})")

        # The wheel scrolls the window under it about three lines a notch, in the platform's
        # direction: down for a notch down (issue 36: reversed, and ~100 lines a notch).
        open_page(b, "kernel=transpose_shared")
        wait_for(b, "the default view is ready", lambda s: s["whole_kernel"]["done"], 60)
        next_frames(b, 4)
        panes = sorted(b.eval("warpscopeTest.command('scroll')"), key=lambda w: -w["scroll_max_y"])
        if check(panes, "some panel of the workbench scrolls"):
            pane = panes[0]
            x, y = pane["x"] + pane["w"] / 2, pane["y"] + pane["h"] / 2

            def scrolled():
                return next((w["scroll_y"] for w in b.eval("warpscopeTest.command('scroll')")
                             if w["name"] == pane["name"]), None)
            before = scrolled()
            b.wheel(x, y, 100)
            next_frames(b, 3)
            after = scrolled()
            lines = (after - before) / pane["line"] if after is not None else None
            print(f"     one notch down over '{pane['name']}': {lines} lines")
            check(lines is not None and 2 <= lines <= 4, f"one notch down scrolls about three lines down ({lines})")
            b.wheel(x, y, -100)
            next_frames(b, 3)
            check(scrolled() == before, f"one notch up scrolls back ({scrolled()} against {before})")
            b.wheel(x, y, 100)
            b.wheel(x, y, -4)  # a small trackpad movement up
            next_frames(b, 3)
            back = scrolled()
            check(back is not None and after - pane["line"] <= back < after,
                  f"a small trackpad movement up scrolls a little up ({after} -> {back})")

        # A resize storm, some sizes equal to the screen's (F11): the canvas follows every size
        # and nothing asks for full screen (issue 36: "Permissions check failed", a stretched canvas).
        errors_before = len(b.errors())
        for i in range(40):
            w, h = 640 + (i * 53) % 1300, 400 + (i * 37) % 700
            full = i % 4 == 0
            b.call("Emulation.setDeviceMetricsOverride",
                   {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": False,
                    **({"screenWidth": w, "screenHeight": h} if full else {})})
            b.pump(0.05)
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False,
                "screenWidth": 1280, "screenHeight": 720})
        next_frames(b, 4)
        b.pump(0.5)
        size = b.eval("[canvas.width, canvas.height, canvas.clientWidth, canvas.clientHeight]")
        check(size == [1280, 720, 1280, 720], f"after the storm the canvas is the window's 1280 x 720 ({size})")
        check(len(b.errors()) == errors_before, f"no console error in the resize storm ({b.errors()[errors_before:][:2]})")
        b.call("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False})

        # Keys faster than frames (a clicker's quick presses; issue 36: 200 PgDn in 9 s were mostly
        # dropped): four PgDn sent back to back walk as far as four presses that wait for the page.
        def walk(fast, presses=4, opened=lambda: None):
            open_page(b, "lesson=padding&step=1")
            wait_for(b, "padding at step 1", lambda s: "step 1 of" in s["lesson"] and not s["lesson_resolving"], 30)
            opened()
            code, vk = KEYS["PageDown"]
            for _ in range(presses):
                if fast:
                    for kind in ("rawKeyDown", "keyUp"):
                        b.call("Input.dispatchKeyEvent", {"type": kind, "key": "PageDown", "code": code,
                                                          "windowsVirtualKeyCode": vk})
                else:
                    press(b, "PageDown")
                    wait_for(b, "the step resolves", lambda s: not s["lesson_resolving"], 30)
            next_frames(b, 2 * presses + 4)
            s = wait_for(b, "the walk settles", lambda s: not s["lesson_resolving"], 30)
            return (s["lesson"], s["revealed"]) if s else None
        slow = walk(False)
        fast = walk(True)
        check(slow is not None and "step 1 of" not in slow[0] and fast == slow,
              f"four PgDn sent faster than frames walk as far as four slow ones ({fast} against {slow})")
        # The same at a 3840 x 2160 canvas (issue 36: 333 ms a frame there, and a key press lost).
        b.call("Emulation.setDeviceMetricsOverride", {"width": 3840, "height": 2160, "deviceScaleFactor": 1,
                                                      "mobile": False})
        fast_4k = walk(True, opened=lambda: start_intervals(b))
        gaps_4k = stop_intervals(b)
        size = b.eval("[canvas.width, canvas.height]")
        check(size == [3840, 2160] and fast_4k == slow,
              f"at a {size[0]} x {size[1]} canvas four PgDn sent faster than frames walk as far as four slow "
              f"ones ({fast_4k} against {slow})")
        if gaps_4k:
            print(f"     frames at 3840 x 2160 (four quick PgDn): interval median "
                  f"{gaps_4k[len(gaps_4k) // 2]:.0f} ms, longest {gaps_4k[-1]:.0f} ms")
        b.call("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 720, "deviceScaleFactor": 1,
                                                      "mobile": False})

        # A tap acts where it lands, the first time (issue 36: on a phone each tap acted where the
        # previous one had been, and the first tap on a tab only showed its tooltip).
        open_page(b)
        wait_for(b, "the default view is ready", lambda s: s["whole_kernel"]["done"], 60)
        next_frames(b, 4)
        tab = b.eval("warpscopeTest.command('item Your variant')")
        shut = not b.eval("warpscopeTest.command('item tile layout')").get("found")
        if check(tab.get("found") and shut, "the 'Your variant' tab is shown, its content not yet"):
            x, y = tab["x"] + min(tab["w"] / 2, 40), tab["y"] + tab["h"] / 2
            b.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
            b.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            next_frames(b, 6)
            check(b.eval("warpscopeTest.command('item tile layout')").get("found"),
                  "one tap on the 'Your variant' tab opens it")

        # 4. A student's layout typed into the variant field is simulated; a bad one says why.
        open_page(b)
        wait_for(b, "the default view is ready", lambda s: s["whole_kernel"]["done"], 60)
        click_item(b, "Your variant")
        b.pump(0.3)
        click_item(b, "tile layout")
        b.pump(0.3)
        for text, good in (("(c + 3*r) % T", True), ("c % 16", False)):
            if not click_item(b, "##layout"):
                break
            press(b, "a", ctrl=True)
            b.type_text(text)
            b.pump(0.5)
            if good:
                s = wait_for(b, f"the layout '{text}' is simulated",
                             lambda s: s["variant"] == text and not s["variant_error"] and s["whole_kernel"]["done"], 60)
                if SHOTS:  # with the variant's predictions in the table
                    wait_for(b, "the variant's predictions", lambda s: s["predictions_ready"], 400)
                screenshot(b, "screenshot-web-variant.png")
            else:
                s = wait_for(b, f"the layout '{text}' is refused with a message", lambda s: s["variant_error"], 10)
                if s:
                    print(f"     message: {s['variant_error']}")
                    keeps_running(b, "after the bad layout")
        # A phone's keyboard types through an input element: while the field is active one has the
        # focus, and text inserted with no key press (as a phone's keyboard or an IME sends it) reaches
        # the field (issue 36: the layout field had no HTML input, so no keyboard opened).
        if click_item(b, "##layout"):
            next_frames(b, 3)
            focused = b.eval("document.activeElement ? document.activeElement.id : ''")
            check(focused == "ws-text-input", f"the active field gives the focus to a text element ({focused!r})")
            press(b, "a", ctrl=True)
            typed = "(c + 5*r) % T"
            b.call("Input.insertText", {"text": typed})
            wait_for(b, f"the layout '{typed}' inserted as a phone types it is simulated",
                     lambda s: s["variant"] == typed and not s["variant_error"], 60)
        item = b.eval("warpscopeTest.command('item Run on GPU')")
        check(item.get("found") and item.get("disabled"), "'Run on GPU' is shown disabled")

        # 5. Export (Ctrl+E) downloads the figure's SVG and CSV.
        open_page(b)
        wait_for(b, "the default view is ready", lambda s: s["whole_kernel"]["done"], 60)
        b.eval("document.getElementById('canvas').focus()")
        press(b, "e", ctrl=True)
        b.pump(0.5)
        downloads = b.eval("warpscopeTest.downloads")
        check(any(d["name"].endswith(".svg") and d["bytes"] > 1000 for d in downloads)
              and any(d["name"].endswith(".csv") and d["bytes"] > 100 for d in downloads),
              f"Ctrl+E downloads the SVG and the CSV ({downloads})")

        # 6. "Copy link" puts the page's address with what is shown on the clipboard.
        open_page(b, "lesson=padding&step=4&reveal=1")
        wait_for(b, "the step from the link", lambda s: s["revealed"] and not s["lesson_resolving"], 20)
        b.pump(0.5)
        if click_item(b, "Copy link"):
            b.pump(0.5)
            copied, href = b.eval("warpscopeTest.copied"), b.eval("location.href")
            check(copied == href and copied.endswith("#lesson=padding&step=4&reveal=1"),
                  f"'Copy link' copies the page's address with the state ({copied})")

        # 7. A high-DPI screen (devicePixelRatio 2): the canvas has the screen's pixels.
        hi = web_cdp.Browser(1280, 720, scale=2)
        try:
            hi.settle = lambda: next_frames(hi)
            open_page(hi, "lesson=padding&step=4")
            wait_for(hi, "the step on the high-DPI page", lambda s: not s["lesson_resolving"], 20)
            hi.pump(1)
            size = hi.eval("[devicePixelRatio, canvas.width, canvas.height, canvas.clientWidth, canvas.clientHeight]")
            check(size[0] == 2 and size[1] == 2 * size[3] and size[2] == 2 * size[4],
                  f"at devicePixelRatio 2 the canvas is drawn at twice its CSS size ({size})")
            hi.screenshot("/tmp/ws-web-hidpi.png")
            check(len(set(png_rows("/tmp/ws-web-hidpi.png"))) > 50, "the high-DPI screenshot is not blank")
            check(not hi.errors(), f"no console error on the high-DPI page ({hi.errors()[:3]})")
        finally:
            hi.close()
        # 8. A phone held upright, 390 x 844 CSS pixels at 3x, with touch (issue 36: the workbench
        # crushed into columns, Reveal and Next off-screen, the slide's text at 5 CSS px): the page
        # shows the lesson's slides re-flowed for the width, with buttons a finger hits; the
        # workbench on request, and a swipe scrolls it.
        phone = web_cdp.Browser(390, 844, scale=3)
        try:
            phone.settle = lambda: next_frames(phone)
            phone.call("Emulation.setDeviceMetricsOverride",
                       {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
            phone.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})

            def finger(item, dy=0):
                """A tap at the middle of an item (its place is in the canvas's pixels), or a swipe by dy CSS px."""
                ratio = phone.eval("devicePixelRatio")
                x, y = (item["x"] + item["w"] / 2) / ratio, (item["y"] + item["h"] / 2) / ratio
                phone.call("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
                for k in range(1, 9 if dy else 1):
                    phone.call("Input.dispatchTouchEvent",
                               {"type": "touchMove", "touchPoints": [{"x": x, "y": y + dy * k / 8}]})
                    phone.pump(0.02)
                phone.call("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                next_frames(phone, 6)

            def tap(label):
                item = phone.eval(f"warpscopeTest.command({json.dumps('item ' + label)})")
                if check(item.get("found"), f"the phone shows '{label.strip()}'"):
                    finger(item)
                return item.get("found")

            open_page(phone, "lesson=strides&step=2")
            s = wait_for(phone, "the phone shows the lesson's slide",
                         lambda s: s["presenter"] and "step 2 of" in s["lesson"] and not s["lesson_resolving"], 30)
            next_frames(phone, 6)
            if SHOTS:
                phone.screenshot(os.path.join(SHOTS, "screenshot-web-phone-question.png"))
            tap("2   2")  # stride 2: the option "2" wavefronts
            if tap("  Reveal  >"):
                s = wait_for(phone, "a tap on Reveal reveals", lambda s: s["revealed"], 10)
            if SHOTS:
                next_frames(phone, 40)  # the lanes move into their banks
                phone.screenshot(os.path.join(SHOTS, "screenshot-web-phone-reveal.png"))
            if tap("  Next  >"):
                wait_for(phone, "a tap on Next walks on", lambda s: "step 2 of" not in s["lesson"], 10)
            if tap("  Workbench"):
                wait_for(phone, "a tap on Workbench shows the panels", lambda s: not s["presenter"], 10)
            next_frames(phone, 6)
            panes = [p for p in phone.eval("warpscopeTest.command('scroll')") if p["scroll_max_y"] > 40]
            if check(panes, "some panel of the phone's workbench scrolls"):
                pane = max(panes, key=lambda p: p["w"] * p["h"])
                before = pane["scroll_y"]
                finger({"x": pane["x"], "y": pane["y"] + pane["h"] * 0.2, "w": pane["w"], "h": pane["h"] * 0.6},
                       dy=-min(120, pane["h"] / 3 / phone.eval("devicePixelRatio")))
                after = next((p["scroll_y"] for p in phone.eval("warpscopeTest.command('scroll')")
                              if p["name"] == pane["name"]), before)
                check(after > before, f"a swipe up scrolls '{pane['name']}' down ({before} -> {after})")
            if tap("Slides"):
                wait_for(phone, "'Slides' brings the slides back", lambda s: s["presenter"], 10)
            check(not phone.errors(), f"no console error on the phone ({phone.errors()[:3]})")
        finally:
            phone.close()
        check(not b.errors(), f"no console error in the whole run ({b.errors()[:3]})")
    finally:
        b.close()
    print(f"web-test: {len(failures)} failure(s); page {gz / 1e6:.2f} MB gzip")
    return 1 if failures else 0


sys.exit(main())
