"""cogs/text_split.py: long text is cut at line breaks, spaces or after punctuation (CJK),
never inside a word, link, mention, custom emoji or code (issue 22, item 5)."""
from __future__ import annotations

import random

import pytest

from cogs.text_split import ELLIPSIS, clip, message_parts, split_text

WORDS = ["Thunderbolt", "(1 mana)", "on", "alice's", "Ember", "Drake", "—", "Alice", "plays", "the", "top", "lane."]


def _english(n: int, seed: int = 1) -> str:
    rnd = random.Random(seed)
    lines = []
    for i in range(n):
        lines.append(f"{i + 1}. " + " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(3, 25))))
    return "\n".join(lines)


def _words_whole(pieces: list[str], text: str) -> None:
    words = set(text.split())
    for piece in pieces:
        for w in piece.split():
            assert w in words, (w, piece[:40])


@pytest.mark.parametrize("limit", [40, 100, 1900, 2000])
def test_english_splits_between_words_and_keeps_everything(limit):
    text = _english(300)
    pieces = split_text(text, limit)
    assert all(0 < len(p) <= limit for p in pieces)
    _words_whole(pieces, text)
    assert " ".join(" ".join(pieces).split()) == " ".join(text.split())


def test_lines_are_preferred_to_spaces():
    text = "first line of the log\nsecond line that is long enough to matter here"
    assert split_text(text, 30) == ["first line of the log", "second line that is long", "enough to matter here"]
    assert split_text("short", 2000) == ["short"] and split_text("", 10) == [""]


def test_the_issue_log_never_starts_mid_word():
    text = "\n".join(f"{i}. alice: cast thunderbolt — Thunderbolt (1 mana) on alice's Ember Drake." for i in range(200))
    first, *rest = split_text(text, 1900)
    assert first.startswith("0. alice") and all(p[0].isdigit() for p in rest)
    assert clip(text, 1900).endswith(ELLIPSIS) and "\n" in clip(text, 1900)


def test_chinese_splits_after_punctuation_else_between_characters():
    text = "小明打出了余烬幼龙，攻击了对手的前排。" * 30
    pieces = split_text(text, 50)
    assert "".join(pieces) == text
    assert all(len(p) <= 50 for p in pieces)
    assert all(p[-1] in "，。" for p in pieces[:-1])  # after a comma or a full stop
    plain = "龘" * 120
    assert split_text(plain, 50) == ["龘" * 50, "龘" * 50, "龘" * 20]


@pytest.mark.parametrize("token", ["[the rules](https://example.org/rules/clash)", "<@123456789012345678>",
                                   "<:drake:112233445566778899>", "<a:fire:112233445566778899>", "<#42>",
                                   "<t:1700000000:R>", "`play ember_drake @0.top.1`", "https://example.org/a/b/c/d/e"])
def test_links_mentions_emoji_and_code_are_never_cut(token):
    for pad in range(0, 40):
        text = "x" * pad + " " + token + " and more words after it" * 3
        pieces = split_text(text, 60)
        assert sum(token in piece for piece in pieces) == 1, (pad, pieces)  # whole, in one piece


def test_emoji_sequences_and_combining_marks_stay_whole():
    family = "👨\u200d👩\u200d👧"
    text = (family + "e\u0301") * 50
    for piece in split_text(text, 7):
        assert not piece.startswith("\u200d") and not piece.startswith("\u0301")
        assert not piece.endswith("\u200d")


def test_clip_and_message_parts():
    assert clip("Alice plays Ember Drake in the top lane", 20) == "Alice plays Ember…"
    assert len(clip("x" * 500, 100)) == 100
    text = _english(40)
    pieces, file = message_parts(text, 2000)
    assert file is None and "\n".join(pieces).split() == text.split()
    long = _english(2000)
    pieces, file = message_parts(long, 2000, note="(the whole log is attached)")
    assert len(pieces) == 1 and len(pieces[0]) <= 2000 and pieces[0].endswith("(the whole log is attached)")
    assert file == long.encode("utf-8")


def test_the_match_log_reply_shows_whole_latest_lines():
    from cogs.review import latest_lines

    lines = [f"{i}. alice: cast thunderbolt — Thunderbolt (1 mana) on alice's Ember Drake." for i in range(30)]
    kept = latest_lines(lines, 500)
    assert kept == lines[-len(kept):] and 0 < len(kept) < 30
    assert len("\n".join(kept)) <= 500
    assert latest_lines(["word " * 200], 100)[0].endswith(ELLIPSIS)
