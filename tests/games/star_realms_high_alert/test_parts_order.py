"""A ruling's JSON is the same in every worker: the parts a next state gives in part are
listed in the parts' own order, not in a frozenset's, which the hash seed decides."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
# Scrapping a hero on a table described only by it: its card goes to a scrap heap, and its
# symbol to the gained symbols, neither described: both are then given in part.
BOARD = {
    "trade": None,
    "play_area": None,
    "gained_symbols": None,
    "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": False}],
    "techs": None,
    "trade_row": None,
    "free_acquires": None,
    "discard_pile": None,
    "scrap_heap": None,
    "phase": "main",
    "partly_described": [],
}
MOVE = {"kind": "scrap-hero", "hero": "h1"}
RULE = (
    "import json, sys; from games.star_realms_high_alert.rules import RULES; "
    "state, move = json.loads(sys.argv[1]); "
    "r = RULES.rule_json(state, move); "
    "print(json.dumps(r.next_state['partly_described']))"
)


def test_parts_given_in_part_are_listed_in_one_order_whatever_the_hash_seed() -> None:
    seen = set()
    for seed in ("0", "1", "2", "3", "4", "5"):
        run = subprocess.run(
            [sys.executable, "-c", RULE, json.dumps([BOARD, MOVE])],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        seen.add(run.stdout.strip())
    assert seen == {json.dumps(["gained_symbols", "scrap_heap"])}
