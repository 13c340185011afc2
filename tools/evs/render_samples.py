"""Write the Empire vs Steppe pictures for a person to look at, as Discord shows them.

    .venv/bin/python tools/evs/render_samples.py [OUT] [--docs]

For every sample position of tests/games/evs/render/evs_views.py, the crowded synthetic view
and the most crowded random legal games of tests/games/evs/render/legibility_cases.py, in both
languages: the public board and each seat's private pages at full size (``<name>.png``), 400 px
wide (``<name>_phone.png``: a phone) and fitted into 550 x 400 (``<name>_inline.png``: the
desktop inline preview). OUT defaults to /tmp/evs_new. ``--docs`` also writes the README's
samples, docs/evs/board.png (a crowded board) and docs/evs/sheet.png (a private sheet),
quantised to a palette to keep them small.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

from engine.evs import GAME  # noqa: E402
from render import legibility  # noqa: E402
from render.evs import board_png, private_pngs  # noqa: E402
from tests.games.evs.render import evs_views as V  # noqa: E402
from tests.games.evs.render import legibility_cases as L  # noqa: E402


def _write(out: Path, name: str, png: bytes) -> None:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    img.save(out / f"{name}.png")
    img.resize((400, round(img.height * 400 / img.width)), Image.Resampling.LANCZOS).save(out / f"{name}_phone.png")
    inline, _phone = legibility.display_scales(img.size)
    img.resize((round(img.width * inline), round(img.height * inline)), Image.Resampling.LANCZOS).save(out / f"{name}_inline.png")


def _views():
    for name in V.ALL:
        yield name, V.view(name), lambda seat, n=name: V.view(n, seat)
    yield "worst", L.worst_view(), L.worst_view
    for i, st in enumerate(L.crowded_states()):
        yield f"random{i}", GAME.view(st, None), lambda seat, st=st: GAME.view(st, seat)


def main(out: Path, docs: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, public, own in _views():
        for lang in ("en", "zh-CN"):
            names = V.NAMES if lang == "en" else V.NAMES_CJK
            _write(out, f"{name}_board_{lang}", board_png(public, names, lang))
            for seat in (0, 1):
                for k, png in enumerate(private_pngs(own(seat), seat, names, lang)):
                    _write(out, f"{name}_seat{seat}_page{k}_{lang}", png)
    if docs:
        st = L.crowded_states()[1]
        _doc(ROOT / "docs" / "evs" / "board.png", board_png(GAME.view(st, None), V.NAMES, "en"))
        _doc(ROOT / "docs" / "evs" / "sheet.png", private_pngs(V.view("morale_mid", 0), 0, V.NAMES, "en")[0])
    print(out)


def _doc(path: Path, png: bytes) -> None:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    img.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    print(path, path.stat().st_size)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--docs"]
    main(Path(args[0]) if args else Path("/tmp/evs_new"), "--docs" in sys.argv)
