"""A refusal as the host words it (cogs/host.py ``error_text``): the engine's parameters that
are content ids read as their names in the reader's language (cogs/narration.named_params);
what the player typed stays as typed."""
from __future__ import annotations

from engine.base import IllegalAction
from cogs.host import error_text


def test_a_card_id_in_a_refusal_reads_as_the_cards_name_in_each_language():
    refusal = IllegalAction("clash.err.not_in_window", "cinder_imp is not in the window", card="cinder_imp")
    assert error_text(refusal, "en") == "Cinder Imp is not among your four leftmost cards."
    assert error_text(refusal, "zh-CN").startswith("余烬小鬼")


def test_what_the_player_typed_is_left_as_typed():
    refusal = IllegalAction("clash.err.bad_notation", "cannot read", text="cinder_imp", why="no such verb")
    assert "cinder_imp" in error_text(refusal, "en")
