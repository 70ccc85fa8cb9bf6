"""chieu.render.svg: every card of every game draws as a self-contained, titled SVG."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from chieu import load_game
from chieu.core.errors import ChieuError
from chieu.core.registry import game_names
from chieu.render import svg
from chieu.render.base import RED_MARK
from chieu.render.svg import Svg, back, card, codes, hand, sprite

NS = "{http://www.w3.org/2000/svg}"
GAMES = tuple(game_names())


def parse(markup: str) -> ET.Element:
    root = ET.fromstring(markup)
    assert root.tag == f"{NS}svg"
    return root


def title_of(root: ET.Element) -> str:
    title = root.find(f"{NS}title")
    assert title is not None
    return title.text or ""


def has_red_mark(root: ET.Element) -> bool:
    return any(RED_MARK in (el.get("class") or "").split() for el in root.iter())


def every_card() -> list[tuple[str, int, str]]:
    out = []
    for g in GAMES:
        game = load_game(g)
        out += [(g, k, game.notation.card(k)) for k in range(game.info.kinds)]
    return out


@pytest.mark.parametrize(("game", "kind", "code"), every_card())
def test_every_card_renders_with_a_viewbox_and_its_vietnamese_title(
    game: str, kind: int, code: str
) -> None:
    picture = card(game, code)
    assert isinstance(picture, Svg)
    root = parse(picture)
    box = [float(x) for x in (root.get("viewBox") or "").split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0
    assert title_of(root) == load_game(game).notation.card_name(kind, "vi")
    assert root.get("data-card") == code
    assert int(root.get("width") or 0) > 0 and int(root.get("height") or 0) > 0
    assert len(picture.encode()) < 3600, "a card stays small"


@pytest.mark.parametrize("game", GAMES)
def test_codes_are_read_case_insensitively(game: str) -> None:
    for code in codes(game):
        assert card(game, code.lower()) == card(game, code)
        assert card(game, code.upper()) == card(game, code)
        assert card(game, f" {code} ") == card(game, code)


def test_game_aliases_name_the_same_deck() -> None:
    assert card("tổ tôm", "OL") == card("totom", "OL")
    assert card("chắn", "CC") == card("chan", "CC")
    assert card("mạt chược", "5z") == card("matchuoc", "5z")
    assert card(load_game("phom", rules="chat"), "As") == card("phom", "As")


def test_chan_and_totom_long_cards_have_the_han_and_a_latin_index() -> None:
    root = parse(card("chan", "8V"))
    _x, _y, w, h = (float(v) for v in (root.get("viewBox") or "").split())
    assert 3.2 < h / w < 3.6
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert "八" in texts and "萬" in texts
    assert texts.count("8V") == 2  # top-left and, upside down, bottom-right
    totom = [t.text for t in parse(card("totom", "1W")).iter(f"{NS}text")]
    assert "一" in totom and "文" in totom and "1W" in totom
    for code, han in (("CC", "枝"), ("TT", "空"), ("OL", "老")):
        assert han in [t.text for t in parse(card("totom", code)).iter(f"{NS}text")]


@pytest.mark.parametrize("game", ("chan", "totom"))
def test_red_cards_carry_a_mark_besides_their_colour(game: str) -> None:
    table = load_game(game).definition.kinds
    red = {table.codes[k] for k in table.red}
    assert {"8V", "8S", "9V", "9S", "CC"} <= red
    for code in codes(game):
        root = parse(card(game, code))
        assert has_red_mark(root) == (code in red), code


def test_phom_red_suits_are_outlined_and_black_suits_solid() -> None:
    for code in codes("phom"):
        root = parse(card("phom", code))
        assert has_red_mark(root) == (code[1] in "dh"), code
    # each suit is its own drawn shape: the corner pip's path differs by suit
    shapes = {
        code[1]: {p.get("d") for p in parse(card("phom", code)).iter(f"{NS}path")}
        for code in ("As", "Ac", "Ad", "Ah")
    }
    assert all(shapes[a] - shapes[b] for a in shapes for b in shapes if a != b), (
        "four distinct suit shapes"
    )
    texts = [t.text for t in parse(card("phom", "Td")).iter(f"{NS}text")]
    assert texts.count("10") == 2


def test_phom_four_colour_deck() -> None:
    two, four = card("phom", "7d"), card("phom", "7d", four_colour=True)
    assert two != four and "#1d4f9c" in four and "#1d4f9c" not in two
    assert card("phom", "7s", four_colour=True) == card("phom", "7s")
    assert card("chan", "8V", four_colour=True) == card("chan", "8V")


def test_matchuoc_tiles_show_their_characters() -> None:
    def texts(code: str) -> list[str | None]:
        return [t.text for t in parse(card("matchuoc", code)).iter(f"{NS}text")]

    assert "五" in texts("5m") and "萬" in texts("5m")
    for code, han in zip(("1z", "2z", "3z", "4z", "6z", "7z"), "東南西北發中", strict=True):
        assert han in texts(code)
    assert not [t for t in texts("5z") if t != "5z"], "Bạch is an empty frame"
    assert len(parse(card("matchuoc", "9p")).findall(f"{NS}circle")) == 18
    assert "梅" in texts("1f") and "冬" in texts("4g") and "皇" in texts("3k")
    assert "后" in texts("2q") and "2" in texts("2q")
    for code, han in zip(
        ("TG", "TH", "SO", "MA", "HO", "HY", "NG", "HP"), "總筒索萬花喜元合", strict=True
    ):
        assert han in texts(code)


@pytest.mark.parametrize(
    ("game", "code"),
    [
        ("chan", "1V"),  # no nhất row in Chắn
        ("chan", "TT"),
        ("chan", "10V"),
        ("totom", "0S"),
        ("phom", "1s"),
        ("phom", "Kx"),
        ("matchuoc", "8z"),
        ("matchuoc", "5f"),
        ("matchuoc", ""),
        ("matchuoc", "TG#1"),
    ],
)
def test_unknown_codes_raise_a_vietnamese_error(game: str, code: str) -> None:
    with pytest.raises(ChieuError, match="không có quân bài"):
        card(game, code)
    with pytest.raises(ChieuError, match="không có quân bài"):
        hand(game, ["back", code])


def test_bad_arguments_raise_clear_errors() -> None:
    with pytest.raises(ChieuError):
        card("bridge", "As")
    with pytest.raises(ChieuError, match="chuỗi"):
        card("chan", 8)  # type: ignore[arg-type]
    with pytest.raises(ChieuError, match="chuỗi"):
        card(["chan"], "8V")  # type: ignore[arg-type]
    with pytest.raises(ChieuError, match="chuỗi"):
        hand("chan", [None])  # type: ignore[list-item]
    with pytest.raises(ChieuError, match="danh sách"):
        hand("chan", None)  # type: ignore[arg-type]
    with pytest.raises(ChieuError, match="độ rộng"):
        card("chan", "8V", width=0)
    with pytest.raises(ChieuError, match="độ rộng"):
        card("chan", "8V", width=12.5)  # type: ignore[arg-type]
    with pytest.raises(ChieuError, match="overlap"):
        hand("chan", ["8V"], overlap=1)
    with pytest.raises(ChieuError, match="overlap"):
        hand("chan", ["8V"], overlap=-0.1)


def test_width_sets_the_pixel_size_and_keeps_the_shape() -> None:
    root = parse(card("chan", "9W", width=50))
    assert root.get("width") == "50" and root.get("height") == "170"
    root = parse(card("phom", "Qh", width=100))
    assert root.get("width") == "100" and root.get("height") == "140"


@pytest.mark.parametrize("game", GAMES)
def test_back(game: str) -> None:
    root = parse(back(game))
    assert root.get("viewBox") == parse(card(game, codes(game)[0])).get("viewBox")
    assert title_of(root) == "quân bài úp"
    assert card(game, "BACK") == back(game)


def test_hand_draws_a_row_in_one_svg() -> None:
    picture = hand("phom", ["As", "Td", "back", "Kh"], width=70)
    root = parse(picture)
    groups = root.findall(f"{NS}g")
    assert [title_of(g) for g in groups] == ["át bích", "mười rô", "quân bài úp", "già cơ"]
    assert title_of(root) == "át bích, mười rô, quân bài úp, già cơ"
    assert root.get("data-cards") == "As Td back Kh"
    step = 100 * (1 - 0.55)
    assert root.get("viewBox") == f"0 0 {100 + 3 * step:g} 140"
    assert root.get("height") == "98"
    assert int(root.get("width") or 0) == round(70 * (100 + 3 * step) / 100)
    assert hand("phom", "As Td back Kh", width=70) == picture
    # tiles stand side by side with a gap; overlap=0 does the same for any deck
    tiles = parse(hand("matchuoc", ["1m", "1m", "1m"]))
    assert tiles.get("viewBox") == "0 0 182 80"
    flat = parse(hand("chan", ["2V", "2S"], overlap=0))
    assert flat.get("viewBox") == "0 0 122 204"


def test_an_empty_hand_is_an_empty_picture() -> None:
    root = parse(hand("chan", []))
    assert root.findall(f"{NS}g") == []
    assert title_of(root) == "không có quân bài"


def play_random(game: str, seed: int) -> set[str]:
    """The codes the views of a random game show, from its start to its end."""
    g = load_game(game)
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()

    def look() -> dict[str, Any]:
        last: dict[str, Any] = {}
        for viewer in [None, *range(g.info.players)]:
            last = state.view(viewer).to_json()
            for zone in last["zones"]:
                seen.update(zone["cards"] or ())
                for group in zone["groups"] or ():
                    seen.update(group["cards"])
            if last["live"]:
                seen.add(last["live"]["card"])
            for decision in last["decisions"]:
                for action in decision["actions"]:
                    seen.update(action.get("cards") or ())
        return last

    look()
    while not state.is_terminal():
        decision = state.decisions()[0]
        state.apply(rng.choice(list(decision.actions)), seat=decision.seat)
        if rng.random() < 0.05:
            look()
    assert look()["outcome"] is not None
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_sprite_holds_every_code_views_show(game: str) -> None:
    g = load_game(game)
    every = {g.notation.card(k) for k in range(g.info.kinds)}
    shown: set[str] = set()
    for seed in range(4):
        shown |= play_random(game, seed)
    pictures = sprite(game)
    assert set(pictures) == every | {"back"}
    assert shown <= set(pictures)
    assert len(shown) > g.info.kinds // 2
    for code, markup in pictures.items():
        root = parse(markup)
        assert root.get("viewBox")
        if code != "back":
            assert markup == card(game, code)
    total = sum(len(m.encode()) for m in pictures.values())
    assert total < 150_000


@pytest.mark.parametrize("game", GAMES)
def test_sprites_inline_without_clashes(game: str) -> None:
    """No ids, no references: many cards can share one page."""
    for markup in sprite(game).values():
        assert not re.search(r"\sid=", markup)
        assert "href" not in markup and "url(" not in markup and "<image" not in markup
        assert "<style" not in markup and "@import" not in markup


def test_sprite_is_a_fresh_dict() -> None:
    first = sprite("chan")
    first.clear()
    assert sprite("chan")


def test_svg_displays_in_jupyter() -> None:
    picture = card("matchuoc", "6z")
    assert picture._repr_svg_() == str(picture)
    assert picture._repr_html_() == str(picture)
    assert picture.startswith("<svg ")
    assert type(picture._repr_svg_()) is str


def test_module_exports() -> None:
    from chieu import render

    assert render.card is svg.card and render.sprite is svg.sprite
