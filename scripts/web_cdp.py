"""A small Chrome DevTools Protocol client over --remote-debugging-pipe (no
WebSocket, no package from PyPI): headless Chromium from Debian's
chromium-headless-shell, WebGL2 through SwiftShader. scripts/web_test.py drives
warpscope's page with it."""
import base64
import json
import os
import select
import shutil
import subprocess
import time


class CdpError(RuntimeError):
    pass


class Browser:
    def __init__(self, width=1280, height=720, scale=1):
        """scale: the screen's devicePixelRatio (2 for a high-DPI laptop screen)."""
        exe = shutil.which("chromium-headless-shell") or "/usr/lib/chromium/chromium-headless-shell"
        # Chromium reads commands from fd 3 and writes replies to fd 4.
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        hi_r, hi_w = os.dup(to_chrome_r) + 100, os.dup(from_chrome_w) + 100
        os.dup2(to_chrome_r, hi_r)
        os.dup2(from_chrome_w, hi_w)

        def child_fds():
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)

        self.profile = f"/tmp/ws-chrome-{os.getpid()}"
        self.proc = subprocess.Popen(
            [exe, "--remote-debugging-pipe", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
             "--no-sandbox", "--no-first-run", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "--hide-scrollbars", "about:blank"],
            pass_fds=(3, 4), preexec_fn=child_fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for fd in (to_chrome_r, from_chrome_w, hi_r, hi_w):
            os.close(fd)
        self.out, self.inp = to_chrome_w, from_chrome_r
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None
        # Called between an input event and the next: a page that reads input
        # once a frame (ImGui 1.86) misses a press and release in the same frame.
        self.settle = lambda: self.pump(0.15)
        target = self.call("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})

    def close(self):
        try:
            self.call("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read(self, timeout):
        while b"\0" not in self.buf:
            ready, _, _ = select.select([self.inp], [], [], timeout)
            if not ready:
                raise CdpError("no reply from Chromium")
            chunk = os.read(self.inp, 1 << 20)
            if not chunk:
                raise CdpError("Chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=True, timeout=60):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.out, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read(max(0.1, deadline - time.time()))
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise CdpError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            self.events.append(reply)

    def pump(self, seconds):
        """Collects events for a while (the page keeps running)."""
        end = time.time() + seconds
        while time.time() < end:
            try:
                self.events.append(self._read(max(0.01, end - time.time())))
            except CdpError as e:
                if "no reply" not in str(e):
                    raise

    def eval(self, expression, timeout=60):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                      timeout=timeout)
        if "exceptionDetails" in r:
            raise CdpError(f"{expression}: {r['exceptionDetails'].get('exception', {}).get('description')}")
        return r["result"].get("value")

    def errors(self):
        """Console errors, uncaught exceptions and error log entries so far."""
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
                out.append(" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
            elif m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                out.append(d.get("exception", {}).get("description") or d.get("text", "exception"))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                out.append(p["entry"].get("text", ""))
        return out

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def key(self, key, code, vk, modifiers=0, text=None):
        down = {"type": "keyDown" if text else "rawKeyDown", "key": key, "code": code,
                "windowsVirtualKeyCode": vk, "modifiers": modifiers}
        if text:
            down["text"] = text
        self.call("Input.dispatchKeyEvent", down)
        self.settle()
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": key, "code": code,
                                             "windowsVirtualKeyCode": vk, "modifiers": modifiers})
        self.settle()

    def type_text(self, text):
        for ch in text:
            vk = ord(ch.upper()) if ch.isalnum() else 0
            self.key(ch, "", vk, text=ch)

    def wheel(self, x, y, delta_y, delta_x=0):
        """One wheel event at (x, y) in CSS pixels: delta_y 100 is a mouse notch down, as Chrome sends it."""
        self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        self.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y,
                                               "deltaX": delta_x, "deltaY": delta_y})
        self.settle()

    def click(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                   "clickCount": 1 if kind != "mouseMoved" else 0})
            self.settle()
