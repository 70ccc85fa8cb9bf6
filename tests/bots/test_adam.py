"""``chieu.bots.adam.Adam``: the learned bot's trainers' optimiser."""

from __future__ import annotations

import numpy as np

from chieu.bots.adam import Adam


def test_adam_finds_a_quadratics_minimum_and_leaves_other_keys_alone() -> None:
    w = {"x": np.array([3.0, -2.0], dtype=np.float32), "y": np.array([5.0], dtype=np.float32)}
    adam = Adam(w, 0.05, keys=["x"])
    target = np.array([1.0, 0.5], dtype=np.float32)
    for _ in range(2000):
        adam.step({"x": 2 * (w["x"] - target)})
    assert np.allclose(w["x"], target, atol=1e-2)
    assert w["y"][0] == 5.0 and w["x"].dtype == np.float32


def test_adams_first_step_is_the_learning_rate_against_the_gradients_sign() -> None:
    w = {"x": np.zeros(3, dtype=np.float32)}
    Adam(w, 0.1).step({"x": np.array([4.0, -0.01, 0.0], dtype=np.float32)})
    assert np.allclose(w["x"], [-0.1, 0.1, 0.0], atol=1e-4)
