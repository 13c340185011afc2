"""Variety for the greedy bot (engine/evs/bot.py), kept a pure function of (state, seat).

The bot must give the same action for the same state (replays, tests, the host's bot turns),
yet games from different seeds must differ: with the standard hands (ES-SET-2, ES-AMB-3) and
a deterministic bot every base game would otherwise be the same game. So each decision
draws from its own ``random.Random`` seeded by

- the state's chance stream (``st["rng"]["s"]``, which the engine seed and the expansions'
  shuffles move; ES-SET-3's coin flip already differs between seeds),
- the seat, and
- a digest of the position (turn number, the basic action under way, every unit's cell,
  wounds and last acted turn, the cards in play, hand / zone / discard sizes, the morale
  markers and the open decision), which acts as a move counter: it changes with every
  decision taken.

No global random state is read or written. The bot uses the stream only to choose among
options it scores as (nearly) equal, so its play keeps its strength.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


def _digest(st: dict) -> str:
    ts = st.get("turn_state") or {}
    units = ";".join(f"{uid}{u['cell']}{u['wounds']}.{u['acted_turn']}" for uid, u in sorted(st["units"].items()))
    battle = ";".join(f"{b['uid']}{b['card']}{b['next']}" for b in st["battle"])
    players = ";".join(f"{len(p['hand'])}.{len(p['zone'])}.{len(p['discard'])}."
                       f"{sum(e['tokens'] for e in p['zone'])}.{sum(bool(e['revealed']) for e in p['zone'])}"
                       for p in st["players"])
    pending = st.get("pending") or {}
    van = st.get("vanguard") or {}
    terrain = len((st.get("terrain") or {}).get("cells", ()))
    return (f"{st['turn']}|{st['phase']}|{ts.get('declared')}|{ts.get('index')}|{units}|{battle}|{players}|"
            f"{st['track']}|{pending.get('kind')}{pending.get('target', '')}|{van.get('placed')}|{terrain}")


def rng_for(st: dict, seat: int) -> random.Random:
    """The decision's own random stream (a str seed is hashed the same way in every process)."""
    return random.Random(f"evs-bot|{st['rng']['s']}|{seat}|{_digest(st)}")


def pick(rng: random.Random, options: Sequence[T], score: Callable[[T], float], tol: float = 0.0) -> T:
    """One of the options scoring within ``tol`` of the best, at random."""
    scored = [(score(o), o) for o in options]
    best = max(s for s, _ in scored)
    near = [o for s, o in scored if s >= best - tol - 1e-9]
    return near[rng.randrange(len(near))] if len(near) > 1 else near[0]


def pick_min(rng: random.Random, options: Sequence[T], score: Callable[[T], float], tol: float = 0.0) -> T:
    """One of the options scoring within ``tol`` of the lowest, at random."""
    return pick(rng, options, lambda o: -score(o), tol)


def pick_tuple(rng: random.Random, options: Sequence[T], key: Callable[[T], tuple]) -> T:
    """One of the options with the greatest ``key`` (a tuple compared as usual), ties at random."""
    keys = [(key(o), o) for o in options]
    best = max(k for k, _ in keys)
    near = [o for k, o in keys if k == best]
    return near[rng.randrange(len(near))] if len(near) > 1 else near[0]
