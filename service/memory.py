"""Give memory freed after a large batch back to the operating system.

TensorFlow's CPU kernels allocate through glibc's malloc; after a large batch (long texts,
wide beams) the freed memory stays in malloc's arenas, and the process keeps its peak RSS
for good. ``malloc_trim(0)`` returns the free pages (milliseconds); elsewhere than glibc
this is a no-op.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name or "libc.so.6")
        trim: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError):
        log.info("malloc_trim is not available; freed memory stays with the allocator")
        return None
    return trim


def release_free_memory() -> bool:
    """Return malloc's free memory to the OS; True if the C library could do it."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True
