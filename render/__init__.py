"""Pillow drawings of the hosted games' views: one package per game (render/<id>/), each with
``board_png(view, seat_names, lang)`` and ``private_png(view, seat, seat_names, lang)``; shared
drawing helpers in ``render.common``. No discord here."""
