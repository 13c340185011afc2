"""Clash of Decks' content names (engine/names.py): every card (champions included, and
cards added later through ``cards.add_card``) and the preconstructed decks."""
from __future__ import annotations

from ..names import ContentNames, Table
from .cards import CARDS, DECK_NAMES

NAMES = ContentNames({"cards": Table(CARDS), "decks": Table(DECK_NAMES, field=None)})
name = NAMES.name
