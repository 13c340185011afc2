"""The one check every Kingdom Rush picture makes: it is drawn from the engine's public view,
never from the state (whose spawn and ghost decks are hidden from everyone)."""
from __future__ import annotations


def public_view(view: object) -> dict:
    if not isinstance(view, dict):
        raise ValueError("a Kingdom Rush picture is drawn from the engine's view (a dict)")
    decks = view.get("decks") or {}
    if "rng" in view or any(not isinstance(v, dict) for v in decks.values()) \
            or isinstance(view.get("ghost_deck"), list):
        raise ValueError("draw from the public view (decks as counts), not the state")
    return view
