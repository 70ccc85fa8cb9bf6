"""Phỏm house rules as data: a frozen Rules with the defaults of shared/rules A.7–A.8.

Every option of the A.8 table is a field with its default, a line of help (``Rules.help``,
Vietnamese and English) and, where only some values are allowed, its ``Rules.choices``;
``docs/rules/phom.md`` lists them with their sources. Amounts are in units of ``stake`` points.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

CardPoints = Literal["A1_K13", "faces_10"]
Direction = Literal["clockwise", "counterclockwise"]
UKhanCa = Literal["adjacent_or_same_rank", "within_two"]
SendTiming = Literal["laydown_and_later_turns", "laydown_only"]
ChotDefinition = Literal["final_discard", "seed_round3"]
PayEatMode = Literal["flat", "escalating"]
TieBreak = Literal["earlier_laydown_wins", "split"]

_FLAGS = (
    "allow_u_khan",
    "allow_u_tron",
    "mom_may_send",
    "finished_player_may_eat",
    "den_three_eats",
    "den_u_from_chot",
)
_AMOUNTS = ("pay_eat", "pay_eat_chot", "pay_mom", "pay_u")
#: the largest amount (units) and stake (points per unit) a table may set
MAX_AMOUNT = 1000
MAX_STAKE = 1000
#: pay_rank lists exactly one amount for each place: nhất, nhì, ba, bét
RANKS = 4


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Phỏm"

    players: int = 4  # 2..4 [seed]
    card_points: CardPoints = "A1_K13"  # A.1: A=1 .. K=13; faces_10: J, Q, K = 10 [source: RB]
    play_direction: Direction = "clockwise"  # A.3
    allow_u_khan: bool = False  # A.6
    u_khan_ca: UKhanCa = "adjacent_or_same_rank"  # A.6
    allow_u_tron: bool = True  # A.5.7
    send_timing: SendTiming = "laydown_and_later_turns"  # A.5.6
    mom_may_send: bool = False  # A.5.6
    finished_player_may_eat: bool = True  # A.5.7 (thêm vòng by eating)
    chot_definition: ChotDefinition = "final_discard"  # A.5.8
    den_three_eats: bool = True  # A.7.2 [seed]
    den_u_from_chot: bool = True  # A.7.2
    pay_eat: int = 1
    pay_eat_chot: int = 4
    pay_rank: tuple[int, ...] = (0, 1, 2, 3)  # nhất, nhì, ba, bét (first n entries)
    pay_mom: int = 4
    pay_u: int = 5
    pay_eat_mode: PayEatMode = "flat"
    tie_break: TieBreak = "earlier_laydown_wins"  # A.7.1
    stake: int = 1  # points per unit (points only, never money)

    help: ClassVar[dict[str, tuple[str, str]]] = {
        "players": ("Số người chơi (2 đến 4).", "Number of players (2 to 4)."),
        "card_points": (
            "Điểm quân: A=1 … K=13, hoặc J, Q, K tính 10.",
            "Card points: A=1 … K=13, or J, Q, K count 10.",
        ),
        "play_direction": (
            "Chiều đi: theo hay ngược chiều kim đồng hồ.",
            "Direction of play: clockwise or counterclockwise.",
        ),
        "allow_u_khan": (
            "Cho ù khan: bài chia không có cạ, không có phỏm.",
            "Allow ù khan: a dealt hand with no cạ and no phỏm wins.",
        ),
        "u_khan_ca": (
            "Cạ khi xét ù khan: liền nhau hoặc cùng hạng, hay cách một quân cũng tính.",
            "What counts as a cạ for ù khan: adjacent or same rank, or also one gap.",
        ),
        "allow_u_tron": (
            "Cho ù tròn: người đã hạ hạ hết bài không còn quân để đánh.",
            "Allow ù tròn: a laid player lays every card, none left to discard.",
        ),
        "send_timing": (
            "Khi nào được gửi: lúc hạ và các lượt sau, hay chỉ lúc hạ.",
            "When cards may be sent (gửi): at the lay-down and later turns, or only then.",
        ),
        "mom_may_send": ("Người móm có được gửi không.", "Whether a móm player may send cards."),
        "finished_player_may_eat": (
            "Người đã xong được ăn để đánh thêm vòng.",
            "A finished player may eat to play another round.",
        ),
        "chot_definition": (
            "Quân chốt: quân đánh cuối của người vừa xong, hay quân ở vòng 3 của người đi đầu.",
            "The chốt: a player's final discard, or the card the first player faces in round 4.",
        ),
        "den_three_eats": (
            "Ù ăn ba cây thì người bị ăn đền cho cả làng.",
            "After an ù by three eats, the fed player pays for everyone.",
        ),
        "den_u_from_chot": (
            "Ù sau khi ăn chốt thì người đánh chốt đền.",
            "An ù after eating a chốt is paid by the chốt's discarder.",
        ),
        "pay_eat": ("Tiền mỗi lần bị ăn (đơn vị).", "Units paid for each eaten card."),
        "pay_eat_chot": ("Tiền khi bị ăn chốt.", "Units paid when a chốt is eaten."),
        "pay_rank": (
            "Tiền nhất, nhì, ba, bét trả cho người nhất.",
            "Units the places nhất, nhì, ba, bét pay the winner.",
        ),
        "pay_mom": ("Tiền người móm trả.", "Units a móm player pays."),
        "pay_u": ("Tiền mỗi người trả khi có người ù.", "Units each player pays an ù."),
        "pay_eat_mode": (
            "Tiền ăn: cố định, hay tăng dần theo lần ăn.",
            "Eat payments: flat, or growing with each eat.",
        ),
        "tie_break": (
            "Bằng điểm: ai hạ trước hơn, hay chia đều.",
            "Tied points: the earlier lay-down wins, or the places are shared.",
        ),
        "stake": ("Điểm cho mỗi đơn vị (chỉ tính điểm).", "Points per unit (points only)."),
    }
    choices: ClassVar[dict[str, tuple[object, ...]]] = {
        "players": (2, 3, 4),
        "card_points": get_args(CardPoints),
        "play_direction": get_args(Direction),
        "u_khan_ca": get_args(UKhanCa),
        "send_timing": get_args(SendTiming),
        "chot_definition": get_args(ChotDefinition),
        "pay_eat_mode": get_args(PayEatMode),
        "tie_break": get_args(TieBreak),
    }

    def __post_init__(self) -> None:
        for name, allowed in self.choices.items():
            value = getattr(self, name)
            if value not in allowed or isinstance(value, bool):
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(
                    f"rule {name}={value!r} is not allowed; choose one of {opts}",
                    vi=f"luật {name}={value!r} không được phép; chọn một trong {opts}",
                )
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise ChieuError(f"rule {name}={getattr(self, name)!r} must be true or false")
        for name in _AMOUNTS:
            v = getattr(self, name)
            if not _amount(v):
                raise ChieuError(f"rule {name}={v!r} must be a whole number 0..{MAX_AMOUNT}")
        ranks = self.pay_rank
        if not isinstance(ranks, tuple) or len(ranks) != RANKS or not all(map(_amount, ranks)):
            shown = f"{len(ranks)} entries" if isinstance(ranks, tuple) else repr(ranks)
            raise ChieuError(
                f"rule pay_rank ({shown}) must list exactly {RANKS} whole numbers "
                f"0..{MAX_AMOUNT} (nhất, nhì, ba, bét; phải có đúng {RANKS} số)"
            )
        stake = self.stake
        if not isinstance(stake, int) or isinstance(stake, bool) or not 1 <= stake <= MAX_STAKE:
            raise ChieuError(
                f"rule stake={stake!r} must be a whole number of points 1..{MAX_STAKE}"
            )

    @property
    def direction(self) -> int:
        return 1 if self.play_direction == "clockwise" else -1

    @classmethod
    def _prepare(cls, values: dict[str, object]) -> dict[str, object]:
        if "pay_rank" in values:
            raw = values["pay_rank"]
            if isinstance(raw, str):
                raw = [p for p in raw.replace(",", " ").split() if p]
            if isinstance(raw, (list, tuple)) and len(raw) != RANKS:
                raise ChieuError(
                    f"rule pay_rank has {len(raw)} entries: it must list exactly {RANKS} "
                    f"(nhất, nhì, ba, bét; phải có đúng {RANKS} số)"
                )
            bad = ChieuError(f"rule pay_rank must list {RANKS} whole numbers")
            if not isinstance(raw, Iterable):
                raise bad
            try:
                values["pay_rank"] = tuple(int(v) for v in raw)
            except (TypeError, ValueError):
                raise bad from None
        return values


def _amount(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_AMOUNT


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    # the seed's own reading: chốt = last card of round 3, ù khan on, no chốt đền
    "seed": Rules(chot_definition="seed_round3", allow_u_khan=True, den_u_from_chot=False),
    # a strict table: gửi only at the lay-down, no ù tròn, no thêm vòng by eating
    "chat": Rules(send_timing="laydown_only", allow_u_tron=False, finished_player_may_eat=False),
    "faces_10": Rules(card_points="faces_10", play_direction="counterclockwise"),
}
