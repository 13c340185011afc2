"""Standing displacement preferences (engine/kr/standing.py): the owner of a displaced hero is
asked when it happens (``ask``, the default; engine/kr/displacement.py, test_kr_displacement.py)
or chooses in advance where it goes (KR-SPN-7, KR-ICN-14, KR-AMB-17/61; the decision table's
default, also the deadline's under ``ask``, is the road square nearest the exit, else a
building site)."""
import pytest

from engine.base import IllegalAction
from engine.kr import GAME, standing
from engine.kr.phases import default_choice, displace
from engine.kr.state import geo
from tests.games.kr.engine.kr_phase_fixtures import bare, stand


def a_square_with_choices(st: dict) -> tuple[str, list[str]]:
    """A road square whose displacement squares hold two road squares at different distances
    from the exit and a building site."""
    g = geo(st)
    for cell in sorted(g.road):
        squares = g.displacement_squares(cell, [], [])
        roads = [c for c in squares if not g.is_site(c)]
        if len(roads) >= 2 and g.distance(roads[0]) != g.distance(roads[-1]) and any(g.is_site(c) for c in squares):
            return cell, squares
    raise LookupError("no such square on this map")


@pytest.fixture
def pushed():
    st = bare("farrinken_valley", ["alleria", "malik"])
    cell, squares = a_square_with_choices(st)
    stand(st, "malik", cell)
    return st, cell, squares


def test_KR_AMB_61_the_default_is_the_road_square_nearest_the_exit(pushed):
    st, cell, squares = pushed
    g = geo(st)
    target = default_choice(st, "malik", squares)
    assert not g.is_site(target)
    assert g.distance(target) == min(g.distance(c) for c in squares if not g.is_site(c))


def test_KR_AMB_61_ask_is_the_default_and_orders_as_the_decision_table(pushed):
    st, cell, squares = pushed
    seat = st["heroes"]["malik"]["seat"]
    assert standing.preference(st, seat) == "ask"
    asked = standing.ordered(st, "malik", squares)
    st, events = GAME.apply(st, seat, "pol displace exit")
    assert standing.ordered(st, "malik", squares) == asked
    st, events = GAME.apply(st, seat, "pol displace ask")
    assert st["seats"][seat]["displace"] == "ask" and events[-1].params["preference"] == "ask"


def test_KR_SPN_7_away_sends_the_hero_to_the_road_square_farthest_from_the_exit(pushed):
    st, cell, squares = pushed
    g = geo(st)
    seat = st["heroes"]["malik"]["seat"]
    st, _ = GAME.apply(st, seat, "pol displace away")
    events: list = []
    displace(st, "malik", events, default_choice, "spawn")
    to = st["heroes"]["malik"]["cell"]
    assert to != cell and not g.is_site(to)
    assert g.distance(to) == max(g.distance(c) for c in squares if not g.is_site(c))
    assert events[-1].kind == "hero_displaced" and events[-1].params["to"] == to


def test_KR_ICN_14_site_sends_the_hero_to_a_free_building_site_first(pushed):
    st, cell, squares = pushed
    seat = st["heroes"]["malik"]["seat"]
    st, events = GAME.apply(st, seat, "pol displace site")
    assert [e.kind for e in events] == ["displace_preference"]
    assert geo(st).is_site(default_choice(st, "malik", squares))


def test_KR_AMB_27_with_no_free_square_the_hero_goes_back_to_its_board_whatever_the_preference(pushed):
    st, cell, _squares = pushed
    st["seats"][st["heroes"]["malik"]["seat"]]["displace"] = "site"
    assert default_choice(st, "malik", []) is None


def test_a_preference_is_a_standing_choice_any_seat_may_set_at_any_time():
    """Off-turn (the host lets an unprompted seat make it) and changing nothing else."""
    st = GAME.setup(2, {}, 3)
    st, _ = GAME.apply(st, 0, {"type": "done"})
    assert 0 not in {p.seat for p in GAME.prompts(st)}
    assert GAME.off_turn(GAME.parse_action("pol displace away"))
    after, events = GAME.apply(st, 0, "pol displace away")
    assert after["seats"][0]["displace"] == "away" and [e.kind for e in events] == ["displace_preference"]
    assert {k: v for k, v in after.items() if k != "seats"} == {k: v for k, v in st.items() if k != "seats"}
    assert GAME.action_info("pol displace away").quiet


@pytest.mark.parametrize("text", ["pol displace nowhere", "pol defence never", "pol displace"])
def test_a_bad_preference_is_refused_and_changes_nothing(text):
    st = GAME.setup(2, {}, 3)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(st, 0, text)
    assert info.value.code in ("kr.err.bad_policy", "kr.err.bad_notation")


def test_the_preference_applies_to_every_figure_the_seat_owns():
    st = bare("farrinken_valley", ["alleria", "malik"])
    cell, squares = a_square_with_choices(st)
    seat = st["heroes"]["alleria"]["seat"]
    default = standing.ordered(st, "alleria", squares)
    st["seats"][seat]["displace"] = "away"
    wildcat = next(f for f, h in st["heroes"].items() if h["kind"] != "hero" and h["seat"] == seat)
    away = standing.ordered(st, wildcat, squares)
    assert away == standing.ordered(st, "alleria", squares) and away[0] != default[0]
    assert standing.ordered(st, "malik", squares) == default      # the other seat keeps the default
