"""Mạt chược house rules as data (shared/rules/phom_matchuoc.md B.7.6 defaults).

Every field is an option a table may change, with a line of help (``Rules.help``, Vietnamese
and English) and, where only some values are allowed, its ``Rules.choices``;
``docs/rules/matchuoc.md`` lists them with their sources. Values are in phán unless the name
says points.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from chieu.core.errors import ChieuError
from chieu.core.rules import RulesBase

TileSet = Literal["160", "168", "176"]
PaymentTable = Literal["seed_main", "seed_addendum_shifted", "round"]
Leftover = Literal["linear", "ignore"]
FlowerSet = Literal["group", "seat_number", "none"]
KhungDiscard = Literal["forbid_after_seat_flower", "always", "never"]
MultiRon = Literal["head_bump", "all"]
Blessings = Literal["additive", "fixed"]
HonorScope = Literal["lai_only", "all"]

TILE_SETS: tuple[TileSet, ...] = get_args(TileSet)
_FLAGS = (
    "flower_count_bonus",
    "phong_khung",
    "seven_pairs",
    "seven_pairs_self_draw_only",
    "shanpon_tsumo_bonus",
    "khong_hoa_la_no_honors",
    "tong_as_flower",
    "khung_in_chow",
    "last_discard_claims",
    "dealer_keeps_on_win",
    "dealer_keeps_on_draw",
)
_NUMBERS = (
    "coong_phan",
    "coong_bonus_points",
    "mun_bonus_points",
    "honor_bonus_seat_wind",
    "honor_bonus_dragon",
    "honor_bonus_prevailing",
    "tieu_tu_hy_k",
)


@dataclass(frozen=True, slots=True)
class Rules(RulesBase):
    label: ClassVar[str] = "Mạt chược"

    players: int = 4  # B.3.1: four play; with five or six, the others rotate in (``seats``)
    tile_set: TileSet = "160"  # B.1.2
    payment_table: PaymentTable = "seed_main"  # B.7.5
    leftover_phan: Leftover = "linear"  # Q-M5
    coong_phan: int = 1  # Q-M9
    coong_bonus_points: int = 5  # B.7.5
    mun_bonus_points: int = 0  # B.7.5
    flower_set: FlowerSet = "group"  # Q-M4
    flower_count_bonus: bool = True  # B.7.3 8/10 hoa
    khung_discard: KhungDiscard = "forbid_after_seat_flower"  # Q-M11
    phong_khung: bool = False  # B.7.4
    seven_pairs: bool = False  # Q-M12
    seven_pairs_self_draw_only: bool = True
    shanpon_tsumo_bonus: bool = False  # B.7.3
    honor_bonus_seat_wind: int = 1  # Q-M6
    honor_bonus_dragon: int = 1
    honor_bonus_prevailing: int = 0
    honor_bonus_scope: HonorScope = "lai_only"
    khong_hoa_la_no_honors: bool = False  # Q-M16
    tieu_tu_hy_toan_chu: int = 6  # mủn
    dai_tu_hy_toan_chu: int = 8  # mủn
    tieu_tu_hy_k: int = 0  # mủn
    tong_as_flower: bool = False  # B.1.3: Tổng may stand for a flower (never set down as one)
    khung_in_chow: bool = True  # B.5
    last_discard_claims: bool = True  # B.5: phỗng/ăn on a discard after the wall ran out
    multi_ron: MultiRon = "head_bump"  # Q-M13
    rob_kong: bool = False  # B.5 (not implemented beyond False)
    blessings: Blessings = "additive"  # Q-M10
    dealer_keeps_on_win: bool = True
    dealer_keeps_on_draw: bool = True
    wind_deals: int = 4  # B.3.1 [proposal]: deals of a wind round from five players on

    @property
    def seats(self) -> int:
        """Four seats, whoever of the five or six sits out (B.3.1)."""
        return 4

    help: ClassVar[dict[str, tuple[str, str]]] = {
        "players": (
            "Số người trong hội: bốn người chơi; năm hay sáu thì thay nhau ngồi ngoài.",
            "People in the hội: four play; with five or six they take turns sitting out.",
        ),
        "tile_set": (
            "Bộ bài: 160 quân (mỗi khung một quân), 168 (hai) hay 176 (ba).",
            "Tile set: 160 tiles (one of each khung), 168 (two) or 176 (three).",
        ),
        "payment_table": (
            "Bảng chung: theo sách, bảng phụ lục dời một bậc, hay số tròn.",
            "Payment table: the seed's, its addendum shifted by one step, or round numbers.",
        ),
        "leftover_phan": (
            "Phán lẻ trên mủn: tính thêm theo bậc, hay bỏ đi.",
            "Phán left over above whole mủn: counted step by step, or dropped.",
        ),
        "coong_phan": (
            "Phán coong: phán thêm khi ù bằng quân bốc ở đầu coong.",
            "Phán coong: phán added when the winning tile came from the đầu coong.",
        ),
        "coong_bonus_points": (
            "Điểm thêm mỗi nhà chung khi ù bằng quân đầu coong.",
            "Points each payer adds when the winning tile came from the đầu coong.",
        ),
        "mun_bonus_points": (
            "Điểm thêm mỗi nhà chung khi ù từ một mủn trở lên.",
            "Points each payer adds for a win of one mủn or more.",
        ),
        "flower_set": (
            "Bộ hoa: đủ một nhóm, đủ bốn hoa cùng số, hay không tính.",
            "Flower sets: a whole group, the four flowers of one number, or none.",
        ),
        "flower_count_bonus": (
            "Tính phán khi dựng được 8 hay 10 hoa.",
            "Phán for 8 or 10 flowers set down.",
        ),
        "khung_discard": (
            "Đánh khung: cấm khi đã dựng hoa đúng cửa, luôn được, hay không bao giờ.",
            "Khung discards: forbidden once one's seat flower is down, always, or never.",
        ),
        "phong_khung": (
            "Phóng hoa tính cả khung đánh ra.",
            "Phóng hoa counts discarded khung too.",
        ),
        "seven_pairs": ("Cho ù bảy đôi (lục phé bôn).", "Allow seven pairs (lục phé bôn)."),
        "seven_pairs_self_draw_only": (
            "Bảy đôi chỉ được ù khi tự bốc.",
            "Seven pairs wins only on a self-drawn tile.",
        ),
        "shanpon_tsumo_bonus": (
            "Thêm một phán khi chờ hai đôi mà bốc lấy.",
            "One phán more for a self-drawn win on a two-pair wait.",
        ),
        "honor_bonus_seat_wind": (
            "Phán mỗi phu ngang gió đúng cửa.",
            "Phán for each triplet of one's seat wind.",
        ),
        "honor_bonus_dragon": ("Phán mỗi phu ngang Trung, Phát, Bạch.", "Phán per dragon triplet."),
        "honor_bonus_prevailing": (
            "Phán mỗi phu ngang gió vòng.",
            "Phán for each triplet of the prevailing wind.",
        ),
        "honor_bonus_scope": (
            "Phán phu tài phao: chỉ trong lai hàng, hay mọi ván ù.",
            "Honor-triplet phán: only in lai hàng hands, or in every win.",
        ),
        "khong_hoa_la_no_honors": (
            "Không hoa lá đòi thêm: không có quân chữ.",
            "Không hoa lá also needs no honor tile.",
        ),
        "tieu_tu_hy_toan_chu": (
            "Mủn của tiểu tứ hỷ có phu chữ (6 hay 8).",
            "Mủn of a tiểu tứ hỷ with an honor triplet (6 or 8).",
        ),
        "dai_tu_hy_toan_chu": (
            "Mủn của đại tứ hỷ có đôi chữ (8 hay 10).",
            "Mủn of a đại tứ hỷ with an honor pair (8 or 10).",
        ),
        "tieu_tu_hy_k": (
            "Mủn thêm cho tiểu tứ hỷ không khung.",
            "Mủn added to a tiểu tứ hỷ without khung.",
        ),
        "tong_as_flower": (
            "Khung Tổng được thay cho hoa: ù được quân Đại Ho đánh ra.",
            "Khung Tổng may stand for a flower: a discarded Đại Ho may be won on.",
        ),
        "khung_in_chow": ("Được dùng khung khi ăn.", "Khung may be used in an ăn (chow)."),
        "last_discard_claims": (
            "Hết tường vẫn được phỗng, ăn quân đánh cuối.",
            "The last discard after the wall ran out may still be claimed by phỗng or ăn.",
        ),
        "multi_ron": (
            "Nhiều người cùng ù một quân: người gần nhất, hay tất cả.",
            "Several wins on one discard: the nearest seat, or all of them.",
        ),
        "rob_kong": ("Cướp coong (chưa có).", "Robbing a kong (not available)."),
        "blessings": (
            "Thiên ù, địa ù, nhân ù: cộng thêm, hay tính cố định.",
            "Thiên, địa and nhân ù: added to the hand, or a fixed value.",
        ),
        "dealer_keeps_on_win": (
            "Nhà cái ù thì giữ cái.",
            "The dealer keeps the deal when he wins.",
        ),
        "dealer_keeps_on_draw": (
            "Ván hòa thì nhà cái giữ cái.",
            "The dealer keeps the deal after a drawn hand.",
        ),
        "wind_deals": (
            "Từ năm người: cửa Đông giữ cái, mỗi vòng gió chơi bấy nhiêu ván rồi mới thay người.",
            "From five people: East keeps the deal, and a wind round is this many deals "
            "before people change.",
        ),
    }
    choices: ClassVar[dict[str, tuple[object, ...]]] = {
        "players": (4, 5, 6),
        "wind_deals": tuple(range(1, 9)),
        "tile_set": TILE_SETS,
        "payment_table": get_args(PaymentTable),
        "leftover_phan": get_args(Leftover),
        "flower_set": get_args(FlowerSet),
        "khung_discard": get_args(KhungDiscard),
        "multi_ron": get_args(MultiRon),
        "blessings": get_args(Blessings),
        "honor_bonus_scope": get_args(HonorScope),
        "tieu_tu_hy_toan_chu": (6, 8),
        "dai_tu_hy_toan_chu": (8, 10),
        "rob_kong": (False,),
    }

    def __post_init__(self) -> None:
        for name, allowed in self.choices.items():
            value = getattr(self, name)
            if value not in allowed or type(value) is not type(allowed[0]):
                opts = ", ".join(repr(a) for a in allowed)
                raise ChieuError(
                    f"rule {name}={value!r} is not allowed; choose one of {opts}",
                    vi=f"luật {name}={value!r} không được phép; chọn một trong {opts}",
                )
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise ChieuError(f"rule {name}={getattr(self, name)!r} must be true or false")
        for name in _NUMBERS:
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 100:
                raise ChieuError(f"rule {name}={v!r} must be a whole number 0..100")

    @classmethod
    def _prepare(cls, values: dict[str, object]) -> dict[str, object]:
        if "tile_set" in values:
            values["tile_set"] = str(values["tile_set"])
        return values


PRESETS: dict[str, Rules] = {
    "default": Rules(),
    "khung_176": Rules(tile_set="176", khung_discard="always", multi_ron="all"),
    "khong_danh_khung": Rules(khung_discard="never", phong_khung=True, seven_pairs=True),
}
