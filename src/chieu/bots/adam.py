"""Adam (Kingma and Ba 2015) over a dict of numpy arrays: the learned bot's trainers
(``examples/train.py``, ``scripts/true_gains.py``, ``scripts/soft_targets.py``)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

Arrays = dict[str, npt.NDArray[np.float32]]


class Adam:
    """Updates ``params[k]`` in place, for each ``k`` of ``keys`` (all by default)."""

    def __init__(
        self, params: Arrays, lr: float, keys: Iterable[str] | None = None,
        b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8,
    ) -> None:  # fmt: skip
        self.params, self.lr, self.b1, self.b2, self.eps = params, lr, b1, b2, eps
        self.keys = list(params if keys is None else keys)
        self.m = {k: np.zeros_like(params[k]) for k in self.keys}
        self.v = {k: np.zeros_like(params[k]) for k in self.keys}
        self.t = 0

    def step(self, grads: Arrays) -> None:
        self.t += 1
        b1, b2 = self.b1, self.b2
        for k in self.keys:
            self.m[k] = b1 * self.m[k] + (1 - b1) * grads[k]
            self.v[k] = b2 * self.v[k] + (1 - b2) * grads[k] ** 2
            mhat = self.m[k] / (1 - b1**self.t)
            vhat = self.v[k] / (1 - b2**self.t)
            self.params[k] -= (self.lr * mhat / (np.sqrt(vhat) + self.eps)).astype(np.float32)
