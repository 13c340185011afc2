"""The render contract, for every registered game: ``board_png(view, seat_names, lang)``
and ``private_png(view, seat, seat_names, lang)`` draw valid PNGs of a sensible size for
positions of random games, in English and Simplified Chinese, and draw what they are given
(the seat names; no string the bundled font cannot draw: a language without glyphs falls
back rather than drawing boxes), the same way twice, without touching the view."""
from __future__ import annotations

import io
import re

from PIL import Image

from render.common import can_draw
from tests.render.pngs import PNG_MAGIC
from tests.render.text_recorder import recording

from .conftest import Config, configs, snapshot, traces


MIN_SIDE, MAX_SIDE = 200, 4096          # Discord shows images up to 4096 px a side
CJK = re.compile(r"[\u3400-\u9fff]")


def undrawable(texts: list[str]) -> list[str]:
    return [t for t in texts if not (can_draw(t, True) or can_draw(t, False))]
LANGS = ("en", "zh-CN")


def image(png: bytes) -> Image.Image:
    assert isinstance(png, bytes) and png.startswith(PNG_MAGIC), "not a PNG"
    img = Image.open(io.BytesIO(png))
    img.load()                            # raises on a truncated or corrupt file
    assert img.format == "PNG"
    w, h = img.size
    assert MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE // 2 <= h <= MAX_SIDE, f"size {img.size}"
    return img


def positions(config: Config, count: int = 3):
    """The middle and the end of the first recorded game (``count - 1`` positions)."""
    t = traces(config)[0]
    for i in t.positions(count)[1:]:
        yield i, t.state(i)


def draw(call):
    with recording() as texts:
        png = call()
    return png, [d.text for d in texts]


def test_the_public_board_is_a_png_naming_every_seat(config: Config):
    renderer = config.plugin.renderer
    names = config.seat_names
    last = list(positions(config))[-1][0]
    for i, state in positions(config):
        view = config.engine.view(state, None)
        untouched = snapshot(view)
        for lang in LANGS if i == last else LANGS[:1]:
            png, texts = draw(lambda: renderer.board_png(view, names, lang))
            image(png)
            assert view == untouched, "board_png changed the view"
            missing = [n for n in names if not any(n in text for text in texts)]
            assert not missing, f"after {i} moves ({lang}) the board does not draw {missing}"
            assert not undrawable(texts), f"after {i} moves ({lang}) the board draws {undrawable(texts)[:5]}"
            if lang == "en":
                cjk = [text for text in texts if CJK.search(text)]
                assert not cjk, f"after {i} moves the English board draws {cjk[:5]}"


def test_the_board_is_drawn_the_same_way_twice(plugin):
    config = next(c for c in configs() if c.game == plugin.id)
    _, state = next(positions(config))
    view = config.engine.view(state, None)
    assert plugin.renderer.board_png(view, config.seat_names, "en") == \
        plugin.renderer.board_png(view, config.seat_names, "en")


def test_each_seats_private_image_is_a_png_with_its_own_content(config: Config):
    renderer = config.plugin.renderer
    names = config.seat_names
    for i, state in positions(config):
        drawn_by_seat = {}
        for seat in range(config.seats):
            view = config.engine.view(state, seat)
            untouched = snapshot(view)
            for lang in LANGS:
                png, texts = draw(lambda: renderer.private_png(view, seat, names, lang))
                image(png)
                assert view == untouched, "private_png changed the view"
                assert texts, f"seat {seat}'s private image after {i} moves ({lang}) draws no text"
                assert not undrawable(texts), f"seat {seat}'s private image ({lang}) draws {undrawable(texts)[:5]}"
                if lang == "en":
                    drawn_by_seat[seat] = texts
        if config.seats > 1:
            assert len({tuple(t) for t in drawn_by_seat.values()}) > 1, \
                f"after {i} moves every seat's private image draws the same text"
