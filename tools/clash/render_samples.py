"""Write PNGs of every sample Clash of Decks view to out/render/ for a person to look at.

    .venv/bin/python tools/clash/render_samples.py [--scaled] [--bench N] [--lang zh-CN]

The samples are the hand-written views of ``tests/games/clash/render/clash_views.py`` (test card data),
the same with no card data at all, and the longest-name stress views with the game's own
card content (``render.clash.board_png`` / ``private_png``).
``--scaled`` also writes what Discord shows without a tap: a 400 px wide copy (a phone) and
a fit into 550 x 400 (the desktop inline box);
``--bench N`` renders each board N times and prints the median time.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.games.clash.render import clash_views  # noqa: E402
from engine.clash.cards import CARDS  # noqa: E402
from render.clash import board_png, private_png, render_board, render_hand  # noqa: E402
from render.common import font  # noqa: E402

OUT = ROOT / "out" / "render"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scaled", action="store_true", help="also write 400 px wide and 550x400 copies")
    ap.add_argument("--bench", type=int, default=0, help="time N renders of each board")
    ap.add_argument("--lang", default="en")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (make, names) in clash_views.BOARD_SAMPLES.items():
        png = render_board(make(), seat_names=names, card_lookup=clash_views.lookup, lang=args.lang)
        written.append(_write(f"board_{name}.png", png, args.scaled))
    for name, (make, seat) in clash_views.HAND_SAMPLES.items():
        png = render_hand(make(), seat, card_lookup=clash_views.lookup, lang=args.lang)
        written.append(_write(f"{name}.png", png, args.scaled))
    # no card data at all: ids are prettified
    png = render_board(clash_views.midgame(), seat_names=["Alice", "Bob"])
    written.append(_write("board_midgame_no_lookup.png", png, args.scaled))
    # the game's own content, longest names first, everywhere a name is drawn
    ids = sorted(CARDS, key=lambda c: -font(19).getlength(CARDS[c]["name"]["en"]))[:6]
    for name, (view, viewer) in clash_views.long_name_views(CARDS, ids).items():
        if viewer is None:
            png = board_png(view, ["Alice", "Bob"], args.lang)
        else:
            png = private_png(view, viewer, ["Alice", "Bob"], args.lang)
        written.append(_write(f"long_{name}.png", png, args.scaled))
    for p in written:
        print(p)
    if args.bench:
        for name, (make, names) in clash_views.BOARD_SAMPLES.items():
            view = make()
            times = []
            for _ in range(args.bench):
                t = time.perf_counter()
                render_board(view, seat_names=names, card_lookup=clash_views.lookup)
                times.append((time.perf_counter() - t) * 1000)
            print(f"{name:12s} p50 {statistics.median(times):6.1f} ms  max {max(times):6.1f} ms")


def _write(filename: str, png: bytes, scaled: bool) -> Path:
    path = OUT / filename
    path.write_bytes(png)
    if scaled:
        from PIL import Image

        from render import legibility

        img = Image.open(io.BytesIO(png)).convert("RGB")
        inline, phone = legibility.display_scales(img.size)
        for scale, tag in ((phone, "phone"), (inline, "inline")):
            small = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
            small.save(OUT / filename.replace(".png", f"_{tag}.png"))
    return path


if __name__ == "__main__":
    main()
