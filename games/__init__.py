"""The rules engines: plain Python, no Django, no HTTP, no database.

`games.registry` maps a game slug to its `GameRules`; see `games/core/rules.py` for the contract.
"""

from games.core.registry import registry

__all__ = ["registry"]
