"""The tournament pictures (render/tournament.py): a standings table and an elimination
bracket, drawn from plain strings. 800 px wide, every text >= 22 px (legible at phone
width), height growing with the content; Chinese drawn as Chinese."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from render.common import GOLD, TEXT, can_draw
from render.tournament import BracketBox as Box
from render.tournament import bracket_png, standings_png
from tests.render.text_recorder import recording

HEADERS = ["#", "Player", "Pts", "Buchholz", "SB", "H2H", "W-D-L"]


def _rows(n: int) -> list[list[str]]:
    return [[str(i + 1), f"Player {i + 1}", str(n - i), f"{i}.5", "3.0", "", "1-0-2"] for i in range(n)]


def _image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def _colours(image: Image.Image, box) -> set[tuple[int, int, int]]:
    x0, y0, x1, y1 = (int(v) for v in box)
    crop = image.convert("RGB").crop((x0, y0, x1 + 1, y1 + 1))
    return {colour for _n, colour in crop.getcolors(crop.width * crop.height)}


def _one(drawn, text):
    hits = [d for d in drawn if d.text == text]
    assert hits, f"{text!r} not drawn"
    return hits[0]


# ---------------------------------------------------------------- standings


def test_standings_draws_every_cell_at_phone_legible_sizes():
    rows = _rows(8)
    with recording() as drawn:
        image = _image(standings_png("Spring Swiss · round 2 of 3", HEADERS, rows, footer="Ties: Buchholz."))
    assert image.width == 800
    texts = [d.text for d in drawn]
    for header in HEADERS:
        assert header in texts
    for row in rows:
        assert row[1] in texts and row[3] in texts
    assert "Spring Swiss · round 2 of 3" in texts and "Ties: Buchholz." in texts
    assert all(d.size >= 22 for d in drawn)
    assert _one(drawn, "Player 1").size >= 24
    assert _one(drawn, "Player 1").box[1] < _one(drawn, "Player 2").box[1] - 40, "rows at least ~44 px apart"


def test_standings_height_grows_with_rows_and_64_rows_fit():
    heights = [_image(standings_png("T", HEADERS, _rows(n))).height for n in (0, 1, 8, 64)]
    assert heights == sorted(heights) and len(set(heights)) == 4
    assert heights[3] - heights[2] >= 56 * 44
    with recording() as drawn:
        image = _image(standings_png("T", HEADERS, _rows(64)))
    texts = {d.text for d in drawn}
    assert all(f"Player {i}" in texts for i in range(1, 65))
    assert max(d.box[3] for d in drawn) < image.height


def test_standings_with_no_rows_draws_header_and_footer():
    with recording() as drawn:
        image = _image(standings_png("Empty", HEADERS, [], footer="Nobody joined."))
    texts = [d.text for d in drawn]
    assert image.width == 800
    assert "Buchholz" in texts and "Nobody joined." in texts and "Empty" in texts


def test_standings_chinese_title_headers_and_names_are_drawn_as_chinese():
    title, headers = "春季瑞士轮 · 第 2 轮", ["#", "玩家", "积分", "对手分", "胜负"]
    rows = [["1", "小明", "6", "15.0", "2-0-1"], ["2", "李雷 (退出)", "3", "9.0", "1-0-2"]]
    assert can_draw(title + "".join(headers) + "小明李雷退出")
    with recording() as drawn:
        _image(standings_png(title, headers, rows, struck=[False, True], footer="同分时依次比较对手分、直接对局。"))
    texts = [d.text for d in drawn]
    for text in [title, "玩家", "对手分", "小明", "李雷 (退出)", "同分时依次比较对手分、直接对局。"]:
        assert text in texts
    assert not any("?" in t for t in texts)


def test_long_names_are_ellipsized_in_the_name_column():
    rows = [["1", "Bartholomew the Magnificent Strategist of the Northern Realms", "9", "1", "1", "", "3-0-0"]]
    with recording() as drawn:
        _image(standings_png("T", HEADERS, rows))
    name = next(d for d in drawn if d.text.startswith("Bartholomew"))
    assert name.text.endswith("\u2026") and name.size >= 24
    pts = _one(drawn, "9")
    assert name.box[2] < pts.box[0], "the name stops before the figure columns"


def test_highlighted_rows_are_gold_and_struck_rows_greyed():
    rows = _rows(4)
    with recording() as drawn:
        image = _image(standings_png("T", HEADERS, rows, highlight=[True, False, False, False],
                                     struck=[False, False, True, False]))
    assert GOLD in _colours(image, _one(drawn, "1").box), "a highlighted row's rank is gold"
    assert GOLD not in _colours(image, _one(drawn, "2").box)
    assert TEXT in _colours(image, _one(drawn, "Player 2").box)
    struck = _one(drawn, "Player 3")
    assert TEXT not in _colours(image, struck.box), "a dropped entrant is greyed"
    # the strike: a horizontal run of grey across the name's middle
    y = int((struck.box[1] + struck.box[3]) / 2)
    line = [image.convert("RGB").getpixel((x, y + 1)) for x in range(int(struck.box[0]) + 2, int(struck.box[2]) - 2)]
    assert len(set(line)) == 1, "one unbroken line through the name"


def test_long_footer_wraps_to_at_most_three_lines():
    footer = " ".join(f"word{i}" for i in range(200))
    with recording() as drawn:
        _image(standings_png("T", HEADERS, _rows(2), footer=footer))
    lines = [d for d in drawn if d.text.startswith("word")]
    assert 1 < len(lines) <= 3
    assert lines[-1].text.endswith("\u2026")
    assert all(d.box[2] <= 800 for d in lines)


def test_many_or_wide_figure_columns_keep_the_name_column_and_sizes():
    headers = ["#", "Name"] + [f"Column {i}" for i in range(8)]
    rows = [["1", "Alice", *[f"{i}{i}{i}.5" for i in range(8)]]]
    with recording() as drawn:
        image = _image(standings_png("T", headers, rows))
    assert image.width == 800
    assert all(d.size >= 22 for d in drawn)
    assert "Alice" in [d.text for d in drawn]
    assert all(d.box[2] <= 800 for d in drawn)


def test_ragged_rows_do_not_raise():
    png = standings_png("T", HEADERS, [["1"], ["2", "Bob", "3", "4", "5", "6", "7", "extra"]])
    assert _image(png).width == 800


# ---------------------------------------------------------------- bracket


def _single_elim_6():
    return [
        ("Winners R1", [Box("W1-1", "Alice", "bye", winner=0), Box("W1-2", "Dana", "Eve", winner=1, score="2-1"),
                        Box("W1-3", "小明", "Frank", winner=0), Box("W1-4", "Bart", "bye", winner=0)]),
        ("Semi-finals", [Box("W2-1", "Alice", "Eve", live=True, score="1-0"), Box("W2-2", "小明", "Bart")]),
        ("Final", [Box("W3-1", "", "")]),
    ]


def _double_elim_5():
    single = _single_elim_6()[:2]
    return single + [
        ("Winners final", [Box("W3-1", "Alice", "Bart")]),
        ("Losers R1", [Box("L1-1", "bye", "Dana", winner=1), Box("L1-2", "bye", "bye")]),
        ("Losers R2", [Box("L2-1", "Dana", "Frank", live=True), Box("L2-2", "bye", "Eve")]),
        ("Losers R3", [Box("L3-1", "", "Eve")]),
        ("Losers final", [Box("L4-1", "", "")]),
        ("Grand final", [Box("GF", "", ""), Box("GF2", "", "")]),
    ]


class _Lines:
    """Records the connector elbows (a line through four points) a drawing makes."""

    def __enter__(self):
        self.elbows, self._original = [], ImageDraw.ImageDraw.line

        def line(draw, xy, *args, **kwargs):
            if isinstance(xy, list) and len(xy) == 4:
                self.elbows.append(xy)
            return self._original(draw, xy, *args, **kwargs)

        ImageDraw.ImageDraw.line = line
        return self

    def __exit__(self, *exc):
        ImageDraw.ImageDraw.line = self._original


def test_single_elimination_of_six_fits_800_wide_with_connectors():
    with recording() as drawn, _Lines() as lines:
        image = _image(bracket_png("Winter Cup", _single_elim_6(), footer="Best of 3."))
    assert image.width == 800
    texts = [d.text for d in drawn]
    for text in ["Winter Cup", "Winners R1", "Semi-finals", "Final", "W1-2", "2-1", "1-0", "小明", "bye", "Best of 3."]:
        assert text in texts
    assert texts.count("\u2014") == 2, "unknown names are em dashes"
    assert all(d.size >= 22 for d in drawn)
    assert all(d.size >= 24 for d in drawn if d.text in ("Alice", "Eve", "小明"))
    assert len(lines.elbows) == 4 + 2, "4 -> 2 -> 1 halves twice"
    heads = [_one(drawn, h) for h in ("Winners R1", "Semi-finals", "Final")]
    assert heads[0].box[2] < heads[1].box[0] and heads[1].box[2] < heads[2].box[0], "three columns side by side"
    # the semi-final sits between its two predecessors
    w11, w12, w21 = (_one(drawn, t) for t in ("W1-1", "W1-2", "W2-1"))
    assert w11.box[1] < w21.box[1] < w12.box[1]


def test_winner_gold_loser_dim_and_live_outlined():
    with recording() as drawn:
        image = _image(bracket_png("T", [("R1", [Box("M1", "Alice", "Bob", winner=1, score="2-0"),
                                                 Box("M2", "Carol", "Dave")])]))
    assert GOLD in _colours(image, _one(drawn, "Bob").box)
    alice = _colours(image, _one(drawn, "Alice").box)
    assert GOLD not in alice and TEXT not in alice, "the loser is dimmed"
    assert TEXT in _colours(image, _one(drawn, "Carol").box), "undecided names stay bright"
    assert GOLD not in _colours(image, (0, _one(drawn, "M2").box[1], 799, image.height - 1))
    with recording() as drawn:
        image = _image(bracket_png("T", [("R1", [Box("M1", "Alice", "Bob", live=True)])]))
    assert GOLD in _colours(image, (0, 0, image.width - 1, image.height - 1)), "a live box is outlined in gold"


def test_double_elimination_of_five_wraps_into_bands_800_wide():
    with recording() as drawn, _Lines() as lines:
        image = _image(bracket_png("Autumn Open", _double_elim_5(), footer="GF2 only if needed."))
    assert image.width == 800
    assert all(d.size >= 22 for d in drawn)
    head = {h: _one(drawn, h) for h in ("Winners R1", "Winners final", "Losers R1", "Losers R3",
                                         "Losers final", "Grand final")}
    assert head["Winners R1"].box[1] == head["Winners final"].box[1], "the winners' bracket is one band"
    assert head["Losers R1"].box[1] > head["Winners R1"].box[1] + 300, "the losers' bracket starts a band below"
    assert head["Losers R1"].box[1] == head["Losers R3"].box[1], "L2 -> L3 halves: kept in one band"
    assert head["Losers final"].box[1] > head["Losers R1"].box[1]
    assert head["Grand final"].box[1] == head["Losers final"].box[1]
    assert len(lines.elbows) == (4 + 2) + 2, "W1 -> W2 -> W3 and L2 -> L3"
    assert "GF2 only if needed." in [d.text for d in drawn]


def test_one_column_bracket_and_empty_inputs():
    with recording() as drawn:
        image = _image(bracket_png("Final", [("Grand final", [Box("GF", "Alice", "Bob", winner=0, score="3-2")])]))
    assert image.width == 800 and {"Alice", "Bob", "3-2", "Grand final"} <= {d.text for d in drawn}
    assert _image(bracket_png("Nothing yet", [])).width == 800
    assert _image(bracket_png("T", [("Empty", []), ("R2", [Box("M", "A", "")])])).width == 800


@pytest.mark.parametrize("counts", [[3, 2, 1], [5, 3, 1], [1, 2, 4], [4, 2, 1, 1], [2, 1, 2, 1, 2, 1], [7]])
def test_odd_and_irregular_column_counts_do_not_crash(counts):
    columns = [(f"R{j + 1}", [Box(f"M{j}-{i}", f"P{i}", "", winner=i % 2 or None) for i in range(n)])
               for j, n in enumerate(counts)]
    with recording() as drawn, _Lines() as lines:
        image = _image(bracket_png("T", columns))
    assert image.width == 800
    assert sum(t.text.startswith("M") for t in drawn) == sum(counts)
    halving = sum(a for a, b in zip(counts, counts[1:]) if a == 2 * b)
    assert len(lines.elbows) <= halving


def test_large_bracket_grows_taller_not_wider():
    sizes = [32, 16, 8, 4, 2, 1]
    columns = [(f"Round {j + 1}", [Box(f"R{j + 1}-{i + 1}", f"Seed {i}", f"Seed {63 - i}") for i in range(n)])
               for j, n in enumerate(sizes)]
    with recording() as drawn:
        image = _image(bracket_png("64 players", columns))
    assert image.width == 800 and image.height > 32 * 100
    assert all(d.size >= 22 for d in drawn)
    assert sum(d.text.startswith("Seed") for d in drawn) == 2 * sum(sizes)


def test_chinese_bracket_text_is_drawn():
    assert can_draw("冬季杯胜者组第一轮小明李雷")
    with recording() as drawn:
        _image(bracket_png("冬季杯", [("胜者组第一轮", [Box("W1-1", "小明", "李雷", winner=0)])], footer="三局两胜。"))
    texts = [d.text for d in drawn]
    assert {"冬季杯", "胜者组第一轮", "小明", "李雷", "三局两胜。"} <= set(texts)
