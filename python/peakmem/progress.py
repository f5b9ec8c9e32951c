# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Progress of a long job on stderr, step by step, with each step's wall time.

    steps = Progress()
    with steps.step("executing the imported program"):
        ...
    steps.timings  # [("executing the imported program", 12.3), ...]

On a terminal, a step that runs longer than a second shows one live line
with its elapsed time, rewritten in place, and ends as
`[peakmem] executing the imported program: 12.3 s`. Elsewhere (a log, CI,
a pipe) every step prints a plain line when it starts and one with its time
when it ends, and a long step adds a `still running` line every `heartbeat`
seconds, so a log shows where a run stands without control characters.

The clock is only read for what is shown and recorded; nothing a job
computes depends on it.
"""

import contextlib
import sys
import threading
import time
from typing import List, Optional, Tuple


class Progress:
    def __init__(self, stream=None, live: Optional[bool] = None, heartbeat: float = 60.0,
                 clock=time.perf_counter, interval: float = 0.5):
        self.stream = stream if stream is not None else sys.stderr
        if live is None:
            isatty = getattr(self.stream, "isatty", None)
            live = bool(isatty and isatty())
        self.live = live
        self.heartbeat = heartbeat
        self.clock = clock
        self.interval = interval
        self.timings: List[Tuple[str, float]] = []
        self._name = None
        self._start = 0.0
        self._beats = 0
        self._lock = threading.Lock()

    def _write(self, text: str):
        self.stream.write(text)
        self.stream.flush()

    def tick(self):
        """Shows the running step's elapsed time (called by the ticker
        thread; callable directly)."""
        with self._lock:
            if self._name is None:
                return
            elapsed = self.clock() - self._start
            if self.live:
                if elapsed >= 1.0:
                    self._write(f"\r\033[K[peakmem] {self._name} ... {elapsed:.0f} s")
            elif self.heartbeat and elapsed >= (self._beats + 1) * self.heartbeat:
                self._beats += 1
                self._write(f"[peakmem] {self._name}: still running, {elapsed:.0f} s\n")

    def _ticker(self, done: threading.Event):
        while not done.wait(self.interval):
            self.tick()

    @contextlib.contextmanager
    def step(self, name: str):
        """Runs the body as step `name`: shown while it runs, its wall time
        printed and appended to `timings` when it ends (also on an error)."""
        with self._lock:
            self._name, self._start, self._beats = name, self.clock(), 0
            self._write(f"[peakmem] {name} ..." if self.live else f"[peakmem] {name} ...\n")
        done = threading.Event()
        ticker = threading.Thread(target=self._ticker, args=(done,), daemon=True)
        ticker.start()
        failed = True
        try:
            yield
            failed = False
        finally:
            done.set()
            ticker.join()
            with self._lock:
                seconds = self.clock() - self._start
                self.timings.append((name, seconds))
                self._name = None
                end = f"{name}: {'failed after ' if failed else ''}{seconds:.2f} s"
                self._write(f"\r\033[K[peakmem] {end}\n" if self.live else f"[peakmem] {end}\n")

    def note(self, message: str):
        """A line that is not a step (e.g. where a file was written)."""
        self._write(f"[peakmem] {message}\n")

    @property
    def total(self) -> float:
        return sum(seconds for _, seconds in self.timings)
