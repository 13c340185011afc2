"""Image renderers for the hosted games (Pillow only; no discord, no engine imports)."""

from render.clash import render_board, render_hand

__all__ = ["render_board", "render_hand"]
