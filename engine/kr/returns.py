"""Phase 5, return tower and hero cards (KR-RET-1..7, KR-PRT-10, KR-AMB-57, KR-WHT-3).

Every built tower goes back to its builder's hand, a face-down one to the supply instead; the
pending-tower slots go into hand; hero cards go back (``activated`` cleared, which also ends a
revived hero's idle round, KR-HPT-6). Tiles, soldiers and heroes stay on the map (KR-RET-7).
A tower on a white site (KR-WHT-3, KR-RET-6) waits in ``st["white"]`` (``{"card", "site",
"builder"}``) for the group to decide who takes it, together with the purchase of phase 6
(engine/kr/rounds.py); in solo it goes to the one player at once. Afterwards the game is in
phase 6.
"""
from __future__ import annotations

from .state import ev, geo


def return_cards(st: dict, events: list) -> None:
    """Phase 5 (KR-RET-1..7)."""
    if st["phase"] == "over":
        return
    st["phase"] = 5
    sites = geo(st).sites
    for cell in sorted(st["sites"]):
        for tower in st["sites"][cell]:
            if tower["face_down"]:                    # KR-RET-5, KR-PRT-10
                st["supply"][tower["card"]] = st["supply"].get(tower["card"], 0) + 1
                ev(events, "tower_destroyed", card=tower["card"], cell=cell, seat=tower["seat"])
            elif cell in sites and sites[cell].colour == "white" and len(st["seats"]) > 1:   # KR-WHT-3
                st.setdefault("white", []).append({"card": tower["card"], "site": cell, "builder": tower["seat"]})
                ev(events, "white_tower_waits", card=tower["card"], cell=cell, seat=tower["seat"])
            else:                                     # KR-RET-1
                st["seats"][tower["seat"]]["hand"].append(tower["card"])
                ev(events, "tower_returned", card=tower["card"], cell=cell, seat=tower["seat"])
    st["sites"] = {}
    for seat, s in enumerate(st["seats"]):            # KR-RET-2
        if s["pending"]:
            ev(events, "pending_taken", seat=seat, cards=list(s["pending"]))
        s["hand"].extend(s["pending"])
        s["pending"] = []
    for h in st["heroes"].values():                   # KR-RET-3
        h["activated"] = False
    st["phase"] = 6
