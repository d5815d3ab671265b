"""Instructions counted under callgrind, which neighbours on a shared machine do not change.

A benchmark runs itself again under valgrind (`counts`, with its own flag to say so); that
process warms up, then dumps callgrind's count before and after each kind of work (`dump`): a
dump holds what ran since the one before. It writes what the first process should know (the
kinds, in order) to `done`; `counts` reads each dump's total by its name.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

FOLDER = "CALLGRIND_DUMPS"  # where the process under valgrind writes its dumps and `done`


def counts(args: list[str]) -> tuple[dict[str, int], str]:
    """Run `python *args` under callgrind: (instructions by dump name, the text left in
    `done`)."""
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={folder}/out.%p",
                sys.executable,
                *args,
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0", FOLDER: folder},
        )
        assert run.returncode == 0 and Path(folder, "done").exists(), run.stderr[-3000:]
        found: dict[str, int] = {}
        for out in Path(folder).glob("out.*.*"):
            text = out.read_text(errors="replace")
            kind = re.search(r"^desc: Trigger: dump (.+)$", text, re.M)
            total = re.search(r"^summary: (\d+)", text, re.M)
            if kind and total:
                found[kind.group(1).strip()] = int(total.group(1))
        return found, Path(folder, "done").read_text()


def dump(name: str) -> None:
    """Under valgrind: dump the count since the last dump, under `name`."""
    subprocess.run(
        ["callgrind_control", f"--dump={name}", str(os.getpid())], check=True, capture_output=True
    )


def done(text: str) -> None:
    """Under valgrind: the work is over; `text` is handed back by `counts`."""
    Path(os.environ[FOLDER], "done").write_text(text)
