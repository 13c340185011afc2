"""Tournament pairing and standings: pure code (no discord, no database, no I/O), any game.

Modules: ``model`` (entrants, table results, rounds), ``standings`` (points and tie-breaks),
``swiss`` (score pairing with networkx max-weight matching), ``round_robin`` (circle method,
pods schedules), ``elimination`` (single / double brackets), ``pods`` (tables of 3-4 by score).
"""
from .elimination import (BYE, Bracket, Match, champion, double_elimination, placements,
                          played_matches, ready_matches, report_game, report_match,
                          single_elimination)
from .model import Entrant, EntrantId, Round, TableResult, bye_counts, id_key, meetings
from .pods import pair_pods, table_sizes
from .round_robin import round_robin, round_robin_pods
from .standings import TIEBREAKS, Scoring, StandingRow, entry_order_ties, standings, tiebreak_statement
from .swiss import pair_swiss, swiss_order

__all__ = [
    "BYE", "Bracket", "Match", "champion", "double_elimination", "placements", "played_matches",
    "ready_matches", "report_game", "report_match", "single_elimination", "Entrant",
    "EntrantId", "Round", "TableResult", "bye_counts", "id_key", "meetings", "pair_pods",
    "table_sizes", "round_robin", "round_robin_pods", "TIEBREAKS", "Scoring", "StandingRow",
    "standings", "entry_order_ties", "tiebreak_statement", "pair_swiss", "swiss_order",
]
