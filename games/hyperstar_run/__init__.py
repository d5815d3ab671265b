"""Hyperstar Run: card schema, board state, adjudicator and solver.

No card face of the game is public, so every face the engine rules on comes from the submitted
board state (see the clarification `hyperstar-run:faces-in-the-state`).
"""
