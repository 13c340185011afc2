"""Reading back a renderer's PNG in the tests: it must be a whole, decodable PNG."""
from __future__ import annotations

import io

from PIL import Image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def opened_png(png: bytes) -> Image.Image:
    """The picture of ``png``, fully decoded (a truncated or corrupt file raises)."""
    assert png.startswith(PNG_MAGIC), "not a PNG"
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    return image
