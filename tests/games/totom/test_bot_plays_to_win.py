"""The heuristic plays to ù (issue 31): it claims, builds toward a wait and never commits a fault.

Positions are observations built by hand (a seat sees only these); whole games check the table.
"""

from __future__ import annotations

from collections import Counter

from chieu.bots import get_bot, play_game
from chieu.core.actions import Action
from chieu.core.rng import Rng
from chieu.games.totom import TotomGame
from chieu.games.totom import actions as A
from chieu.games.totom import analysis as an
from chieu.games.totom.bots import HeuristicTotomBot
from chieu.games.totom.cards import KINDS, parse_cards, parse_counts
from chieu.games.totom.phu import ALL_PHU
from chieu.games.totom.rules import Rules
from chieu.games.totom.shapes import looseness as slow_looseness
from chieu.games.totom.strategy import Seat, looseness, may_wait
from tests.games.totom import hands
from tests.games.totom.hands import TT1

RULES = Rules(players=4)


def observation(hand: str, phase: str, live: str | None = None, exposer: int = 3) -> dict:
    """Seat 0's observation: ``hand`` held, nothing laid, ``live`` given by ``exposer``."""
    card = None if live is None else KINDS.kind(live)
    return {
        "game": "totom",
        "seat": 0,
        "players": 4,
        "rules": RULES.to_json(),
        "phase": phase,
        "live": None
        if card is None
        else {"card": card, "door": exposer, "drawn": False, "passed": False, "exposer": exposer},
        "mats": [[], [], [], []],
        "doors": [[], [], [], []],
        "hand": parse_cards(hand),
        "down": {},
    }


def eats(hand: str, live: str) -> list[Action]:
    """The eats of ``live`` with held cards (a new phu of ≥ 3 cards)."""
    held = parse_counts(hand)
    k = KINDS.kind(live)
    out: list[Action] = []
    for i, p in enumerate(ALL_PHU):
        if k in p.cards:
            rest = list(p.cards)
            rest.remove(k)
            if all(rest.count(x) <= held[x] for x in rest):
                out.append(A.EAT[i])
    return out


def choose(obs: dict, legal: list[Action]) -> Action:
    return HeuristicTotomBot().act(obs, legal, Rng(1))


def test_gives_up_the_loose_card_and_keeps_the_wait() -> None:
    hand = TT1 + " 1W"  # TT1 waits on CC 5W 8W; 1W is in no phu and no cạ
    legal = [A.DISCARD[k] for k in sorted(set(parse_cards(hand)))]
    assert choose(observation(hand, "discard"), legal) is A.DISCARD[KINDS.kind("1W")]


def test_eats_the_card_that_makes_the_hand_wait() -> None:
    hand = TT1.replace("8S", "1W")  # 6S 7S wait 8S; 1W is loose
    legal = [*eats(hand, "8S"), A.DRAW]
    got = choose(observation(hand, "decide", "8S"), legal)
    assert got.verb == "eat" and ALL_PHU[got.phu].cards == tuple(parse_cards("6S 7S 8S"))  # type: ignore[attr-defined]


def test_does_not_break_a_wait_to_eat() -> None:
    legal = [*eats(TT1, "5S"), A.DRAW]
    assert len(legal) > 1
    assert choose(observation(TT1, "decide", "5S"), legal) is A.DRAW


def test_claims_a_valid_win_and_never_a_short_one() -> None:
    assert choose(observation(TT1, "claim", "CC"), [A.WIN, A.DECLINE]) is A.WIN
    short = "1V 2V 3V 4V 5V 6V 1S 2S 3S 4S 5S 6S 2W 3W 4W 5W 6W 7V 8V 9V"  # runs only
    verdict = an.win_on(parse_counts(short), KINDS.kind("7W"), RULES)
    assert verdict.shape is not None and not verdict.win  # every card in phu, no lưng
    assert choose(observation(short, "claim", "7W"), [A.WIN, A.DECLINE]) is A.DECLINE


def test_raises_its_khan_and_lays_its_copies() -> None:
    obs = observation(TT1, "claim", "9V")
    assert choose(obs, [A.DECLINE, A.PHONG, A.DAY_KHAN]) is A.DAY_KHAN
    legal = [A.DISCARD[k] for k in sorted(set(parse_cards(TT1)))]
    assert choose(observation(TT1, "discard"), [*legal, A.LAY]) is A.LAY


def test_phong_that_turns_a_pair_into_a_phu() -> None:
    hand = TT1.replace("3W", "1W").replace("8S", "2S")  # 2S 1W loose; 4W 4W a pair
    obs = observation(hand, "claim", "4W")
    assert choose(obs, [A.PHONG, A.DECLINE]) is A.PHONG


def test_ranked_lists_every_legal_action_best_first() -> None:
    hand = TT1.replace("8S", "1W")
    legal = [A.DRAW, *eats(hand, "8S")]
    order = HeuristicTotomBot().ranked(observation(hand, "decide", "8S"), legal, Rng(1))
    assert sorted(map(id, order)) == sorted(map(id, legal)) and order[0].verb == "eat"


def test_the_seat_counts_what_it_has_not_seen() -> None:
    obs = observation(TT1, "decide", "8S")
    obs["doors"][1] = parse_cards("CC CC")
    seat = Seat.of(obs)
    assert seat.unseen[KINDS.kind("CC")] == 2 and seat.unseen[KINDS.kind("8S")] == 2
    assert seat.unseen[KINDS.kind("6V")] == 2  # TT1 holds two


def test_fast_looseness_is_the_catalogue_figure() -> None:
    rng = Rng(5, "looseness")
    for _ in range(300):
        hand = KINDS.counts(rng.shuffled(KINDS.deck())[:20])
        assert looseness(hand) == slow_looseness(hand)


def test_may_wait_never_hides_a_wait() -> None:
    rng = Rng(6, "may_wait")
    worked = [parse_counts(getattr(hands, f"TT{i}")) for i in range(1, 10)]
    pool = [h for h in worked if sum(h) == 20]
    for h in worked:  # each worked hand with one card exchanged
        for _ in range(20):
            c = list(h)
            c[rng.choice([k for k in range(30) if c[k]])] -= 1
            c[rng.choice([k for k in range(30) if c[k] < 4])] += 1
            pool.append(c[:])
    pool += [KINDS.counts(rng.shuffled(KINDS.deck())[:20]) for _ in range(100)]
    waiting = 0
    for h in pool:
        w = an.waits(h, RULES)
        waiting += bool(w)
        assert may_wait(h) or not w, h
    assert waiting >= 10


def test_a_table_of_heuristics_claims_ends_and_commits_no_fault() -> None:
    games, winners = 30, 0
    verbs: Counter[str] = Counter()
    for seed in range(games):
        bots = [get_bot("heuristic", "totom") for _ in range(4)]
        state = play_game(TotomGame, RULES, seed, bots)
        out = state.outcome()
        assert out is not None and not out.faults, out.faults
        assert not [e for e in state.events if e.type == "fault"]
        winners += out.winner is not None
        for e in state.events:
            if e.type == "action":
                verbs[e.data["action"]["verb"]] += 1
    # measured: 20 winners, 268 eats, 73 phỗng, 5 dậy khàn (the old bot: 12 winners in 40)
    assert winners >= 15
    assert verbs["eat"] + verbs["extend"] >= 5 * games
    assert verbs["phong"] >= games and verbs["day_khan"] >= 1
