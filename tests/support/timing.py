"""Waits that scale with the machine: a wait written for a quiet, fast machine (`scaled(10)`)
becomes longer on a slower or busier one, never shorter.

The factor is measured once per test process: a fixed piece of pure-Python work timed against
its time on the reference machine, times how far the load average exceeds the cores. A slow
machine (an `import prefect` of 2.7 s instead of 1.1 s) and a loaded one (load 20 on 2 cores)
both get longer waits. `KEIRI_TEST_SLOWNESS` (a number) overrides the measurement.

Tests wait for states and events; these bounds only decide when waiting has failed.
"""

from __future__ import annotations

import functools
import os
import time
from datetime import timedelta

__all__ = ["deadline", "examples", "scaled", "scaled_ms", "slowness"]

# Seconds `_work()` takes on the machine the waits were written on (median of 5).
_REFERENCE_S = 0.028
_MAX_FACTOR = 10.0


def _work() -> float:
    start = time.perf_counter()
    total = 0
    for i in range(300_000):
        total += i * i % 7
    return time.perf_counter() - start


@functools.cache
def slowness() -> float:
    """How many times slower than the reference this machine is right now (≥ 1)."""
    override = os.environ.get("KEIRI_TEST_SLOWNESS", "").strip()
    if override:
        return max(1.0, float(override))
    runs = sorted(_work() for _ in range(5))
    cpu = runs[len(runs) // 2] / _REFERENCE_S
    try:
        load = os.getloadavg()[0] / max(1, os.cpu_count() or 1)
    except OSError:
        load = 1.0
    return min(_MAX_FACTOR, max(1.0, cpu) * max(1.0, load))


def scaled(seconds: float) -> float:
    """A bound of `seconds` on the reference machine, stretched for this one."""
    return seconds * slowness()


def scaled_ms(milliseconds: float) -> int:
    """`scaled` for Playwright's millisecond timeouts."""
    return int(milliseconds * slowness())


def examples(count: int) -> int:
    """How many examples a property test draws: `count`, or `KEIRI_PROPERTY_EXAMPLES` when set
    (raise it for a long local run; CI keeps the default)."""
    configured = os.environ.get("KEIRI_PROPERTY_EXAMPLES", "").strip()
    return int(configured) if configured else count


def deadline(seconds: float) -> timedelta:
    """A property test's per-example deadline (hypothesis `settings(deadline=...)`), scaled."""
    return timedelta(seconds=scaled(seconds))
