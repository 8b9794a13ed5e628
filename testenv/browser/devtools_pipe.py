"""The DevTools-protocol plumbing both browser tools share: Chromium started with
--remote-debugging-pipe speaks NUL-terminated JSON on two descriptors; this sends commands,
collects replies and events, and shuts the browser down. Standard library only."""
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time

# Flags every headless run uses: no first-run UI, no background traffic of Chromium's own.
COMMON_FLAGS = ["--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--mute-audio", "--disable-dev-shm-usage"]


class DevToolsPipe:
    """Mixed into a browser class that sets proc, wfd, rfd, profile and deadline in __init__
    and names the exception to raise as `error`."""

    error = RuntimeError
    command_timeout = 10

    def launch(self, binary, profile_prefix, extra_flags):
        """Starts Chromium with a fresh profile; it reads commands on fd 3 and writes replies on
        fd 4 (--remote-debugging-pipe)."""
        self.profile = tempfile.mkdtemp(prefix=profile_prefix)
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()
        # Move the child's ends out of the way first, so the dup2s below cannot overwrite each other.
        child_r = os.dup(to_chrome_r) if to_chrome_r > 4 else fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
        child_w = os.dup(from_chrome_w) if from_chrome_w > 4 else fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
        os.close(to_chrome_r)
        os.close(from_chrome_w)

        def child_fds():
            os.dup2(child_r, 3)
            os.dup2(child_w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        args = [binary] + COMMON_FLAGS + ["--user-data-dir=" + self.profile] + extra_flags + ["about:blank"]
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=child_fds, close_fds=False)
        os.close(child_r)
        os.close(child_w)
        os.set_inheritable(to_chrome_w, False)
        os.set_inheritable(from_chrome_r, False)
        self.wfd = to_chrome_w
        self.rfd = from_chrome_r
        self.reset_protocol_state()

    def reset_protocol_state(self):
        self.buffer = b""
        self.next_id = 0
        self.replies = {}
        self.events = []

    def close(self):
        try:
            self.send("Browser.close", wait=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        for fd in (self.wfd, self.rfd):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def send(self, method, params=None, session=None, wait=True, timeout=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.wfd, json.dumps(msg).encode() + b"\0")
        if not wait:
            return None
        my_id = self.next_id
        end = min(time.monotonic() + (timeout or self.command_timeout), self.deadline)
        while my_id not in self.replies:
            if not self.pump(end - time.monotonic()):
                raise self.error(f"no reply to {method} in time")
        reply = self.replies.pop(my_id)
        if "error" in reply:
            raise self.error(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def pump(self, timeout):
        """Reads what is available; False when the time ran out with nothing read."""
        if timeout <= 0:
            return False
        ready, _, _ = select.select([self.rfd], [], [], timeout)
        if not ready:
            return False
        chunk = os.read(self.rfd, 1 << 20)
        if not chunk:
            raise self.error("Chromium closed the DevTools pipe (crashed?)")
        self.buffer += chunk
        while b"\0" in self.buffer:
            raw, self.buffer = self.buffer.split(b"\0", 1)
            msg = json.loads(raw)
            if "id" in msg:
                self.replies[msg["id"]] = msg
            else:
                self.events.append(msg)
        return True
