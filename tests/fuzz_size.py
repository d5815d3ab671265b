"""How many examples a property test runs: its full number with FUZZ_FULL=1 (`.ci/run`, on both
databases), half of it (at least 10) in `make test`, which keeps a quiet run within minutes."""

from __future__ import annotations

import os

FULL = os.environ.get("FUZZ_FULL") == "1"


def examples(full: int) -> int:
    """The examples to run for a property test whose full size is `full`."""
    return full if FULL else max(10, full // 2)
