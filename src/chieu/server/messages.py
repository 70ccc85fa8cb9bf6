"""Error codes and their words (Vietnamese first, English too); the WebSocket's ``error``
message is built by ``chieu.server.wire``."""

from __future__ import annotations

from typing import TypedDict


class Words(TypedDict):
    vi: str
    en: str


WORDS: dict[str, tuple[str, str]] = {
    "bad_json": ("Tin nhắn không phải JSON hợp lệ", "The message is not valid JSON"),
    "bad_message": ("Tin nhắn sai dạng", "The message is malformed"),
    "unknown_type": ("Không hiểu loại tin nhắn này", "Unknown message type"),
    "stale": ("Bàn đã thay đổi; hãy xem lại bàn", "The table has moved on; look again"),
    "illegal": ("Nước này không hợp lệ lúc này", "That action is not legal now"),
    "not_your_seat": ("Không phải lượt của chỗ bạn", "Not your seat's decision"),
    "sitting_out": (
        "Bạn đang ngồi ngoài ván này nên chưa đi được; hãy xem ván, bạn vào bàn khi đến lượt"
        " (xem mục Ngồi ngoài)",
        "You sit out this deal, so you cannot act; watch it: you come in when your turn comes"
        " (see Sitting out)",
    ),
    "too_fast": ("Bạn gửi quá nhanh", "You are sending too fast"),
    "too_big": ("Tin nhắn quá lớn", "The message is too big"),
    "not_playing": ("Ván chưa bắt đầu hoặc đã kết thúc", "No game is being played"),
    "server": ("Lỗi máy chủ; nước đi chưa được ghi", "Server error; the action was not stored"),
    "internal": ("Lỗi máy chủ", "Server error"),
    "unauthorized": ("Cần đăng nhập", "You need to sign in"),
    "forbidden": ("Bạn không được làm việc này", "You may not do this"),
    "not_found": ("Không tìm thấy", "Not found"),
    "room_full": ("Bàn đã đủ người", "The room is full"),
    "seat_taken": ("Chỗ này đã có người", "That seat is taken"),
    "already_seated": ("Bạn đã ngồi ở bàn này", "You already have a seat here"),
    "already_started": ("Hội đã bắt đầu", "The sitting has already started"),
    "not_host": ("Chỉ chủ bàn mới được bắt đầu", "Only the host may start"),
    "room_closed": ("Hội ở bàn này đã kết thúc", "This room's sitting is over"),
    "too_many_rooms": ("Bạn đã mở quá nhiều bàn", "You have too many open rooms"),
    "name_taken": ("Tên này đã có người dùng", "That name is taken"),
    "bad_login": ("Sai tên hoặc mật khẩu", "Wrong name or password"),
    "too_many_sockets": (
        "Bạn đang mở quá nhiều kết nối; hãy đóng bớt thẻ",
        "You have too many connections open; close some tabs",
    ),
    "crowded": ("Bàn đã quá đông người xem", "The room has too many watchers"),
    "busy": ("Máy chủ đang bận; thử lại sau giây lát", "The server is busy; try again shortly"),
    "not_over": ("Ván chưa kết thúc", "The game is not over"),
    # issue 26: private rooms, limits (rooms)
    "need_code": (
        "Bàn riêng: cần mã bàn để vào hoặc xem",
        "A private room: you need its code to join or watch",
    ),
    "wrong_code": ("Sai mã bàn", "That is not the room's code"),
    "private_room": (
        "Bàn riêng: chỉ người trong bàn, hoặc người có mã bàn, mới xem được",
        "A private room: only its players, or someone with its code, may see it",
    ),
    "too_many_guests": (
        "Quá nhiều khách mới từ địa chỉ này; hãy thử lại sau",
        "Too many new guests from this address; try again later",
    ),
    "too_many_new_rooms": (
        "Bạn mở bàn mới quá nhanh; hãy thử lại sau",
        "You are opening rooms too fast; try again later",
    ),
    # sessions and accounts (issue 26)
    "server_full": (
        "Máy chủ đang có quá nhiều kết nối; thử lại sau",
        "The server has too many connections open; try again later",
    ),
    "weak_password": (
        "Mật khẩu quá dễ đoán; hãy chọn mật khẩu dài hơn, khó đoán hơn",
        "The password is too easy to guess; choose a longer, less guessable one",
    ),
    "bad_name": (
        "Tên không hợp lệ: cần 1 đến 40 ký tự nhìn thấy được",
        "The name is not valid: it needs 1 to 40 visible characters",
    ),
    "too_many_attempts": (
        "Đăng nhập sai quá nhiều lần; hãy đợi rồi thử lại",
        "Too many failed attempts; wait, then try again",
    ),
    "name_lookalike": (
        "Ở bàn này đã có người mang tên trông giống tên bạn; hãy vào bằng tên khác",
        "Someone at this table has a name that looks like yours; come in with another name",
    ),
    # lessons (issue 28)
    "unknown_lesson": ("Không có bài học này", "There is no such lesson"),
    "unknown_run": (
        "Bài đang học đã hết hạn hoặc không có; hãy bắt đầu lại bài",
        "This lesson run has expired or does not exist; start the lesson again",
    ),
    "foreign_run": ("Đây là bài học của người khác", "This lesson run is someone else's"),
    "bad_action": (
        "Nước đi phải là số của một nút trên bàn",
        "The action must be the number of a button on the table",
    ),
    "lesson_over": ("Bài học đã xong: hãy làm lại", "The lesson is over: restart it"),
    # family rooms (issue 30): watching, seat links
    "not_host_seats": (
        "Chỉ chủ bàn mới xếp chỗ và tạo liên kết ghế; hãy nhờ chủ bàn",
        "Only the host seats people and makes seat links; ask the host",
    ),
    "room_over": (
        "Hội ở bàn này đã kết thúc; hãy mở bàn mới, hoặc xem lại trong Lịch sử của tôi",
        "This room's sitting is over; open a new room, or look back in My history",
    ),
    "not_watching": (
        "Người này không còn xem bàn; hãy nhờ người đó nhập mã bàn rồi bấm Xem bàn",
        "This person is no longer watching; ask them to enter the room's code and tap Watch",
    ),
    "seat_account": (
        "Ghế này là của một tài khoản: người đó hãy đăng nhập tài khoản của mình trên máy mới",
        "This seat belongs to an account: that person should log in on the new device",
    ),
    "own_seat": (
        "Đây là ghế của bạn; liên kết ghế dành cho ghế trống, ghế máy hoặc ghế của khách",
        "This is your own seat; seat links are for free, bot or guest seats",
    ),
    "seat_link_invalid": (
        "Liên kết ghế không đúng hoặc đã bị hủy; hãy xin chủ bàn một liên kết mới",
        "This seat link is not valid or was revoked; ask the host for a new one",
    ),
    "seat_link_used": (
        "Liên kết ghế này đã được dùng; hãy xin chủ bàn một liên kết mới",
        "This seat link has been used already; ask the host for a new one",
    ),
    "seat_link_expired": (
        "Liên kết ghế đã hết hạn; hãy xin chủ bàn một liên kết mới",
        "This seat link has expired; ask the host for a new one",
    ),
    "seat_link_stale": (
        "Ghế này đã đổi người từ khi có liên kết; hãy xin chủ bàn một liên kết mới",
        "The seat changed hands since the link was made; ask the host for a new one",
    ),
    "seat_link_name": (
        "Hãy cho biết tên của bạn để ngồi vào ghế",
        "Give your name to take the seat",
    ),
    "seat_in_use": (
        "Người ngồi ghế này đang ở bàn; liên kết chỉ dùng khi ghế trống hoặc người đó vắng mặt",
        "The seat's player is at the table; a link works only when the seat is free or its"
        " player is away",
    ),
}


# issue 30: what the person can do next, said after what happened (``words``)
NEXT_STEP: dict[str, tuple[str, str]] = {
    "not_host": (
        "Hãy chờ chủ bàn bấm «Bắt đầu» (chủ bàn có ghi «chủ bàn» bên cạnh tên)",
        "Wait for the host to press Start (the host is marked “host” next to the name)",
    ),
    "already_started": (
        "Bạn vẫn xem được bàn này, rồi chủ bàn có thể cho bạn ngồi vào một ghế trống",
        "You can still watch this table, and the host can give you a free seat",
    ),
    "room_full": (
        "Bạn vẫn xem được bàn này, hoặc hãy vào một bàn khác ở sảnh",
        "You can still watch this table, or join another room in the lobby",
    ),
    "seat_taken": ("Hãy chọn một chỗ khác còn trống", "Choose another free seat"),
    "already_seated": (
        "Hãy mở bàn này để chơi tiếp ở chỗ của bạn",
        "Open this table to play on in your seat",
    ),
    "room_closed": (
        "Hãy mở bàn mới, hoặc vào một bàn khác ở sảnh",
        "Open a new room, or join another one in the lobby",
    ),
    "not_playing": ("Hãy chờ ván sau được chia", "Wait for the next deal"),
}


def words(code: str, detail: str | None = None) -> Words:
    """What happened (with ``detail``), then what the person can do next when we know."""
    vi, en = WORDS.get(code, ("Lỗi", "Error"))
    if detail:
        vi, en = f"{vi}: {detail}", f"{en}: {detail}"
    step = NEXT_STEP.get(code)
    if step is not None:
        vi, en = f"{vi}. {step[0]}.", f"{en}. {step[1]}."
    return {"vi": vi, "en": en}
