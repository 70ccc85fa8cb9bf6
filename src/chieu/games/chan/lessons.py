"""Lessons of Chắn (the kit's ``lessons``, ``chieu.core.lessons``): real positions, in
teaching order, ending with a whole game against gentle bots with hints on."""

from __future__ import annotations

from chieu.core.lessons import Lesson

WHOLE_GAME = Lesson(
    id="ca_van",
    title=("Cả một ván", "A whole game"),
    goal=(
        "Chơi hết một ván với máy hiền; gợi ý hiện ở mỗi lượt.",
        "Play a whole game against gentle bots; hints show at every turn.",
    ),
    intro=(
        "Bạn đã biết đủ để chơi một ván. Máy chơi hiền, và gợi ý nói bạn nên làm gì ở mỗi lượt.",
        "You know enough to play a game. The bots play gently, and the hints say what to do "
        "at each turn.",
    ),
    finish="game",
)

LESSONS: tuple[Lesson, ...] = (WHOLE_GAME,)
