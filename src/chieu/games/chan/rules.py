"""Chắn house rules as data: a frozen Rules with documented defaults and named presets.

Defaults follow shared/rules/chan_totom.md (Part D and Appendix E). Every field is an option a
table can change: ``Rules.help`` explains each in one line (Vietnamese, English) and
``Rules.choices`` lists the values a restricted one takes; ``docs/rules/chan.md`` gives their
sources.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

FaultMode = Literal["referee", "strict"]
XuongMode = Literal["auto", "declared"]
CountDir = Literal["right", "clockwise"]
CuocTable = Literal["sd", "jsc", "pyb", "ldg"]
ChiRong = Literal["forbid", "allow_if_unchanged"]
BoUScope = Literal["card", "kind", "window"]
ExtraCuoc = Literal["ca_nhay_dau_thuyen", "dong_tu_hai_hoa", "chua_do_nat_hoa"]

FAULT_MODES: tuple[FaultMode, ...] = get_args(FaultMode)
XUONG_MODES: tuple[XuongMode, ...] = get_args(XuongMode)
COUNT_DIRS: tuple[CountDir, ...] = get_args(CountDir)
CUOC_TABLES: tuple[CuocTable, ...] = get_args(CuocTable)
CHI_RONG: tuple[ChiRong, ...] = get_args(ChiRong)
BO_U_SCOPES: tuple[BoUScope, ...] = get_args(BoUScope)
EXTRA_CUOC: tuple[ExtraCuoc, ...] = get_args(ExtraCuoc)
MAX_STAKE = 1000  # points per score unit
PLAYERS = (2, 3, 4)


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Chắn"
    help: ClassVar[dict[str, tuple[str, str]]] = {
        "players": ("Số người chơi (2–4).", "Number of players (2–4)."),
        "fault_mode": (
            "referee: có trọng tài bắt lỗi; strict: máy không cho đi nước phạm lỗi.",
            "referee: a referee calls faults; strict: moves that commit a fault are not offered.",
        ),
        "xuong": (
            "auto: máy xướng đúng cước; declared: người ù tự xướng (xướng sai bị phạt).",
            "auto: the engine declares the true cước; declared: the winner announces them.",
        ),
        "count_dir": (
            "Chiều đếm bắt cái: right (sang phải) hoặc clockwise (ngược lại).",
            "Direction of the bắt-cái count: right (play order) or clockwise.",
        ),
        "last_nocc_dead": (
            "Quân cuối nọc không được bốc (22 quân bốc được).",
            "The last card of the nọc is dead (22 drawable cards).",
        ),
        "cuoc_table": (
            "Bảng điểm cước: sd, jsc, pyb hoặc ldg.",
            "Cước value table: sd, jsc, pyb or ldg.",
        ),
        "thap_thanh_stacks": (
            "Có thập thành thì cộng đủ điểm thập thành, bạch định, tám đỏ, kính tứ chi.",
            "With thập thành, the full points of the colour cước add up.",
        ),
        "hoa_requires_bach_thu": (
            "Hoa rơi cửa Phật phải có bạch thủ.",
            "Hoa rơi cửa Phật needs a bạch thủ.",
        ),
        "chi_rong": (
            "Chờ chi rộng: forbid (cấm ù) hoặc allow_if_unchanged (được ù nếu chưa đổi bài).",
            "Chờ chi rộng: forbid, or allow_if_unchanged (a win on it if the hand never changed).",
        ),
        "an_ca_doi_cho": ("Bắt lỗi ăn cạ đổi chờ.", "The fault ăn cạ đổi chờ is called."),
        "bo_u_scope": (
            "Bỏ ù mất quyền ù: card (quân đó), kind (cùng loại), window (đến khi đổi bài).",
            "What a missed win forfeits: that card, that kind, or every win until the hand "
            "changes.",
        ),
        "thong_survives_hoa": (
            "Ván hòa không làm mất thông.",
            "A game without a winner does not break thông.",
        ),
        "strict_xuong": (
            "Xướng chặt (Sân Đình): thiếu cước bắt buộc là xướng sai.",
            "Strict xướng (Sân Đình): leaving out a required cước is xướng sai.",
        ),
        "min_u_score": (
            "Điểm ù tối thiểu (3: không chơi ù suông).",
            "The lowest score a win may have (3: no plain ù).",
        ),
        "thien_u_bach_thu": (
            "Thiên ù đúng 6 chắn được tính thêm bạch thủ (Sân Đình).",
            "A thiên ù with exactly 6 chắn also scores bạch thủ (Sân Đình).",
        ),
        "extra_cuoc": (
            "Cước thêm: cá nhảy đầu thuyền, đồng tử hái hoa, chùa đổ nát hoa.",
            "Extra cước: cá nhảy đầu thuyền, đồng tử hái hoa, chùa đổ nát hoa.",
        ),
        "stake": (
            "Số điểm mỗi đơn vị (chỉ tính điểm, không tiền).",
            "Points per score unit (points only, never money).",
        ),
    }
    choices: ClassVar[dict[str, tuple[object, ...]]] = {
        "players": PLAYERS,
        "fault_mode": FAULT_MODES,
        "xuong": XUONG_MODES,
        "count_dir": COUNT_DIRS,
        "cuoc_table": CUOC_TABLES,
        "chi_rong": CHI_RONG,
        "bo_u_scope": BO_U_SCOPES,
        "extra_cuoc": EXTRA_CUOC,
    }

    players: int = 4  # 2..4 (A2.1); 5 (bí ngũ) unsupported (D-3)
    fault_mode: FaultMode = "referee"  # referee | strict (C1)
    xuong: XuongMode = "auto"  # auto: the engine declares the true cước; declared: the player
    count_dir: CountDir = "right"  # D-1: bắt cái count in play direction
    last_nocc_dead: bool = True  # D-4: 23-card nọc, 22 drawable
    cuoc_table: CuocTable = "sd"  # D-5
    thap_thanh_stacks: bool = False  # D-6
    hoa_requires_bach_thu: bool = True  # D-8
    chi_rong: ChiRong = "forbid"  # D-9
    an_ca_doi_cho: bool = True  # D-10 (fault 10)
    bo_u_scope: BoUScope = "card"  # D-11
    thong_survives_hoa: bool = False  # D-13
    strict_xuong: bool = False  # A5.1 SD refinements
    min_u_score: int = 2  # 3 = "không chơi ù suông"
    thien_u_bach_thu: bool = False  # C16: SD adds bạch thủ to a thiên ù with exactly 6 chắn
    extra_cuoc: tuple[ExtraCuoc, ...] = ()  # off-by-default cước of A5.2
    stake: int = 1  # points per score unit (points only, never money)

    def __post_init__(self) -> None:
        for name, allowed in self.choices.items():
            values = getattr(self, name)
            for value in values if isinstance(values, tuple) else (values,):
                if value not in allowed:
                    opts = ", ".join(repr(a) for a in allowed)
                    raise ChieuError(
                        f"rule {name}={value!r} is not allowed; choose one of {opts}",
                        vi=f"luật {name}={value!r} không được phép; chọn một trong {opts}",
                    )
        if len(set(self.extra_cuoc)) != len(self.extra_cuoc):
            raise ChieuError(
                f"rule extra_cuoc lists a cước twice: each of {', '.join(EXTRA_CUOC)} at most "
                "once (mỗi cước nhiều nhất một lần)"
            )
        if not 0 <= self.min_u_score <= 20:
            raise ChieuError(
                f"rule min_u_score={self.min_u_score} must be between 0 and 20",
                vi=f"luật min_u_score={self.min_u_score} phải từ 0 đến 20",
            )
        if not 1 <= self.stake <= MAX_STAKE:
            raise ChieuError(
                f"rule stake={self.stake} must be a whole number of points 1..{MAX_STAKE}"
            )

    @property
    def strict(self) -> bool:
        return self.fault_mode == "strict"


PRESETS: dict[str, Rules] = {
    "default": Rules(),  # faithful table play with a referee
    "strict": Rules(fault_mode="strict"),  # beginners, bots, self-play
    "san_dinh": Rules(
        bo_u_scope="window", strict_xuong=True, thap_thanh_stacks=True, thien_u_bach_thu=True
    ),
    "khong_u_suong": Rules(min_u_score=3),
}
