"""What a review needs of one game: its kit's ``review`` part (``games/<game>/review.py``).

A game's ``REVIEW`` is a :class:`ReviewSpec`: the scale of its points (the spread of a seat's
results, which sets the classes' thresholds and the accuracy's win-percentage scale), the
judge's budget (worlds per action), whether the judge was shown to beat the heuristic in that
game, and how to say in the game's own words what an action does (``explain``). A game with
worlds but no ``review`` part gets :func:`default_spec` (a scale of 1 point, said plainly).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from chieu.core.actions import Action
from chieu.core.kit import kit_part
from chieu.core.notation import Lang
from chieu.core.protocol import State
from chieu.review.accuracy import thresholds

#: ``explain(state, seat, action, lang)``: what ``action`` does for ``seat`` at ``state`` (the
#: state before it, read only where the seat may see), in the game's words; None: nothing to say
Explain = Callable[[State, int, Action, Lang], str | None]


@dataclass(frozen=True)
class ReviewSpec:
    """One game's review settings (see the module doc and ``docs/review.md``).

    * ``scale``: points; the mean absolute result of a seat in heuristic self-play.
    * ``worlds``: worlds each surviving action is played out in (the played action, and the
      ``keep`` best alternatives after the screen).
    * ``screen``: worlds every candidate is played out in before the weakest are dropped.
    * ``width``: the heuristic's best actions judged besides the played one (every legal
      action, up to ``width``, for a heuristic that does not rank them).
    * ``keep``: alternatives kept after the screen.
    * ``proven``: a judge to trust in this game: the search beats the heuristic over 2,000
      duplicate deals and the judge's accuracy ranks ``random`` < ``heuristic`` < ``search``
      with every pair apart (docs/measurements/review.md).
    * ``clip``: a playout's points for the seat are clipped to ±``clip`` (None: not): a
      game whose rare huge wins would drown the judge's means in noise (Mạt chược).
    * ``calibration``: where ``scale`` comes from (for the docs and the JSON).
    """

    scale: float
    worlds: int = 16
    screen: int = 4
    width: int = 4
    keep: int = 2
    proven: bool = False
    clip: float | None = None
    calibration: str = ""
    explain: Explain | None = None

    @property
    def limits(self) -> tuple[float, float, float]:
        """The inaccuracy, mistake and blunder thresholds in points lost."""
        return thresholds(self.scale)


def default_spec() -> ReviewSpec:
    """The settings of a game whose kit has no ``review`` part."""
    return ReviewSpec(scale=1.0, calibration="none: the game has no review settings")


def spec_of(game: object) -> ReviewSpec:
    """The ``review`` part of ``game``'s kit, or :func:`default_spec`."""
    found = kit_part(game, "review")
    return found if isinstance(found, ReviewSpec) else default_spec()
