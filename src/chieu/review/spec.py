"""What a review needs of one game: its kit's ``review`` part (``games/<game>/review.py``).

A game's ``REVIEW`` is a :class:`ReviewSpec`: the scale of its points (the spread of a seat's
results, which sets the classes' thresholds and the accuracy's win-percentage scale), the
judge's budget (worlds per action), whether the judge was shown to beat the heuristic in that
game, and how to say in the game's own words what an action does (``explain``). A game with
worlds but no ``review`` part gets :func:`default_spec` (a scale of 1 point, said plainly).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from chieu.core.actions import Action
from chieu.core.kit import kit_part
from chieu.core.notation import Lang
from chieu.core.protocol import State
from chieu.review.accuracy import thresholds

#: ``explain(state, seat, action, lang)``: what ``action`` does for ``seat`` at ``state`` (the
#: state before it, read only where the seat may see), in the game's words; None: nothing to say
Explain = Callable[[State, int, Action, Lang], str | None]
#: ``model(obs, actions)``: a model's expected points for the seat after each of ``actions`` at
#: its observation ``obs`` (up to a constant); None where the model has nothing to say
Model = Callable[[Mapping[str, object], Sequence[Action]], Mapping[Action, float] | None]


@dataclass(frozen=True)
class Prior:
    """A model of the game's positions that the judge's playouts are weighed against (the
    empirical Bayes of ``chieu.review.judge.posterior``): where the model values every
    candidate, the true difference between two actions is taken to lie around ``slope`` × the
    model's difference ``m``, with a standard deviation of ``spread`` + ``growth``·|m| points
    (the model is surer of small differences than of large ones), and the playouts' paired
    difference moves it as far as its standard error allows (one world's spread counted at
    least ``noise`` points). ``slope``, ``spread`` and ``growth`` are fitted to the judge's own
    playouts by maximum likelihood (``scripts/review_prior.py``); ``name`` goes into the
    judge's version.

    ``share`` and ``tail``: the differences are heavy-tailed (the model misses a few by
    points), so the prior may be a mixture: that share of it spreads by ``tail`` +
    ``growth``·|m| instead, and playouts far from the model's difference are believed.

    ``elsewhere``: at a decision the model does not value, the true difference is taken to lie
    around 0 with this standard deviation (fitted the same way: how far apart the candidates
    of such decisions usually are), so that a few noisy playouts do not call a loss on their
    own; None: there the playouts alone judge."""

    model: Model
    slope: float
    spread: float
    noise: float
    name: str
    growth: float = 0.0
    elsewhere: float | None = None
    tail: float = 0.0
    share: float = 0.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.share < 1.0 or min(self.spread, self.tail, self.noise) < 0:
            raise ValueError(f"a prior's share lies in [0, 1), its spreads >= 0: {self}")

    def at(self, modelled: bool) -> Prior | None:
        """The prior of a decision the model values (``modelled``) or of one it does not
        (centred on no difference, spread ``elsewhere``; None without it)."""
        if modelled:
            return self
        if self.elsewhere is None:
            return None
        return replace(self, slope=0.0, spread=self.elsewhere, growth=0.0, share=0.0)


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
    * ``prior``: a model the playouts are weighed against (:class:`Prior`; None: playouts
      alone).
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
    prior: Prior | None = None

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
