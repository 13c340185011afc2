"""Write PNGs of the sample Cloudspire views to out/render/cloudspire/ for a person to
look at.

    .venv/bin/python tools/cloudspire/render_samples.py [--scaled] [--bench N] [--lang zh-CN]

``--scaled`` also writes copies 400 px wide (``*_400px.png``): what Discord shows on a
phone, where every label a move needs must still be readable (render/legibility.py: at
least 8 px tall there, 10 px fitted into the 550 x 400 desktop box);
``--bench N`` renders each board N times and prints the median (p50) time.
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

from PIL import Image  # noqa: E402

from tests.games.cloudspire.render import cloudspire_views as cv  # noqa: E402
from render.cloudspire import board_png, private_png  # noqa: E402

OUT = ROOT / "out" / "render" / "cloudspire"
PHONE_W = 400


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scaled", action="store_true", help="also write copies 400 px wide (a phone)")
    ap.add_argument("--bench", type=int, default=0, help="time N renders of each board")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--only", default="", help="comma-separated sample names")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    only = {x for x in args.only.split(",") if x}
    written = []
    for name in cv.MAKERS:
        if only and name not in only:
            continue
        view = cv.view(name)
        png = board_png(view, cv.SEAT_NAMES[name], args.lang)
        written.append(_write(f"board_{name}.png", png, args.scaled))
        for seat in range(view["seats"]):
            sv = cv.view(name, seat)
            png = private_png(sv, seat, cv.SEAT_NAMES[name], args.lang)
            written.append(_write(f"private_{name}_seat{seat}.png", png, args.scaled))
    if not only or "opening" in only:
        png = board_png(cv.view("opening"), cv.NAMES_CJK, args.lang)
        written.append(_write("board_opening_cjk_names.png", png, args.scaled))
    for p in written:
        print(p)
    if args.bench:
        for name in cv.MAKERS:
            if only and name not in only:
                continue
            view = cv.view(name)
            names = cv.SEAT_NAMES[name]
            board_png(view, names)  # warm the static-layer cache
            times = []
            for _ in range(args.bench):
                t = time.perf_counter()
                board_png(view, names, args.lang)
                times.append((time.perf_counter() - t) * 1000)
            print(f"{name:12s} p50 {statistics.median(times):6.1f} ms  max {max(times):6.1f} ms")


def _write(filename: str, png: bytes, scaled: bool) -> Path:
    path = OUT / filename
    path.write_bytes(png)
    if scaled:
        img = Image.open(io.BytesIO(png))
        small = img.resize((PHONE_W, round(img.height * PHONE_W / img.width)), Image.Resampling.LANCZOS)
        small.save(OUT / filename.replace(".png", f"_{PHONE_W}px.png"))
    return path


if __name__ == "__main__":
    main()
