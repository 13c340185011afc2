"""Clash of Decks' own narration cases (the shared checks: tests/test_narration.py): the solo
AI is "the AI"."""
from __future__ import annotations

from tests.support.narration import narrated

GAME = "clash"


def test_the_solo_ai_is_called_the_ai():
    """In a solo game the rulebook AI is "the AI", never a second player nor "AI's fort card"."""
    solo = [line for step, locale, lines in narrated(GAME) if step.seats == 1 and locale == "en" for line in lines]
    assert solo
    assert any("the AI" in line or line.startswith("The AI") for line in solo)
    assert not any("AI's fort card" in line or "Player2" in line for line in solo)
