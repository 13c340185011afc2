"""The rating history chart of /rating."""


def test_rating_chart_draws_title_scale_and_last_rating():
    from render.rating_chart import rating_chart_png
    from tests.render.text_recorder import recording
    with recording() as drawn:
        png = rating_chart_png([(0, 1000), (1, 1040), (2, 1180)], "小明 · Clash", "3 ranked games")
    texts = [d.text for d in drawn]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert "小明 · Clash" in texts and "1180" in texts and "3 ranked games" in texts
    assert all(d.size >= 22 for d in drawn), "legible at phone width (800 px shown 400 wide: 11 px)"
