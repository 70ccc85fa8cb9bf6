// Getting back to a table and watching (issue 30): "Bàn của tôi" on the home page, the offer
// to watch a started room, the seat link's page (#/seat/{token}) and the host's panel of
// seats and watchers at the table (docs/protocol.md, "Your tables").
import { botName, t } from "./i18n.js";
import { api, h, keepRoomCode, personName, session, toast } from "./util.js";

/** The state of one of my tables in words: "đang chờ", "đang chơi ván 3", "giữa hai ván". */
export function roomState(r) {
  if (r.status === "playing") return `${t("status_playing")} ${t("gameNo").toLowerCase()} ${r.game_number}`;
  return t(`status_${r.status}`);
}

/** Whose turn it is, in words: names (a bot by its kind), "bạn" for me. */
function turnWords(r) {
  if (r.status !== "playing" || !r.turn || !r.turn.length) return "";
  const me = session.player && session.player.id;
  const names = r.turn.map((x) => {
    if (x.player) return x.player.id === me ? t("you") : personName(x.player);
    return `${t("player")} ${x.seat + 1} (${botName(x.bot)})`;
  });
  return `${t("turnOf")}: ${names.join(", ")}`;
}

/** The home page's "Bàn của tôi": every room I sit at or watch, one tap back to it. */
export function myRoomsPanel() {
  const box = h("div", { class: "my-rooms-list" }, t("loading"));
  const panel = h("section", { class: "panel my-rooms", "data-testid": "my-rooms", hidden: true },
    h("h2", { text: t("myRooms") }), box);
  const draw = async () => {
    let rooms;
    try { rooms = (await api("GET", "/api/me/rooms")).rooms; } catch (e) {
      box.replaceChildren(h("p", { class: "error", text: e.message }));
      panel.hidden = false;
      return;
    }
    panel.hidden = !rooms.length;
    box.replaceChildren(h("ul", { class: "room-list" }, rooms.map((r) => {
      const turn = turnWords(r);
      return h("li", { class: "my-room", "data-room": String(r.id) },
        h("div", { class: "my-room-main" },
          h("strong", { text: r.title }),
          h("span", { class: `pill status-${r.status}`, "data-testid": "my-room-state", text: roomState(r) }),
          r.watching ? h("span", { class: "pill", text: t("watchingMark") }) : null,
          r.host ? h("span", { class: "pill", text: t("host") }) : null),
        turn ? h("div", { class: "muted turn-line", "data-testid": "my-room-turn", text: turn }) : null,
        h("a", { class: "button primary small back", "data-testid": "my-room-open", href: `#/room/${r.id}`,
          onclick: () => keepRoomCode(r.id, r.code) }, r.watching ? t("watchAgain") : t("backToSeat")));
    })));
  };
  draw();
  return { panel, draw };
}

/** The join form's refusal, in the page: what happened, what to do; a started room offers
 *  to watch it ([data-testid=watch]). */
export function joinRefusal(box, err, code) {
  const parts = [h("p", { class: "error", text: err.message })];
  if (err.code === "already_started") {
    parts.push(h("p", { class: "muted", text: t("watchOffer") }),
      h("button", { class: "primary", "data-testid": "watch", onclick: () => watchByCode(box, code) }, t("watchRoom")));
  } else if (err.code === "not_found") parts.push(h("p", { class: "muted", text: t("codeNotFoundNext") }));
  box.replaceChildren(...parts);
  box.hidden = false;
}

async function watchByCode(box, code) {
  try {
    const { room } = await api("POST", "/api/rooms/watch", { code });
    keepRoomCode(room.id, code);
    location.hash = `#/room/${room.id}`;
  } catch (e) { box.replaceChildren(h("p", { class: "error", text: e.message })); }
}

// -- the seat link's page (#/seat/{token}) ----------------------------------------------------
/** Open a seat link: the seat is given (a free or bot seat: to this person, who gives a name
 *  first if the browser has none; a guest's own seat: this browser becomes that guest). */
export async function claimSeat(main, token, askName) {
  main.replaceChildren(h("p", { text: t("loading") }));
  try {
    const res = await api("POST", "/api/seat-links/claim", { token });
    if (res.session) {
      session.token = res.session.token;
      session.player = res.session.player;
    }
    location.replace(`#/room/${res.room.id}`);
    return true;
  } catch (e) {
    if (e.code === "seat_link_name") { askName(); return false; }
    main.replaceChildren(h("section", { class: "panel refusal", "data-testid": "seat-link-refused" },
      h("h1", { text: t("seatLinkTitle") }),
      h("p", { class: "error", text: e.message }),
      h("p", { class: "muted", text: t("seatLinkNext") }),
      h("a", { class: "button primary", href: "#/" }, t("backHome"))));
    return false;
  }
}

// -- the host's seats and watchers, at the table ----------------------------------------------
/** The host's panel: for each seat not his own, a seat link and its QR code
 *  ([data-testid=seat-link]); the people watching, each with the seats they can be given. */
export class HostSeats {
  constructor(roomId) {
    this.roomId = roomId;
    this.el = h("details", { class: "panel host-seats", "data-testid": "host-seats", hidden: true });
    this.el.addEventListener("toggle", () => { if (this.el.open) this.drawWatchers(); });
    this.linkBox = h("div", { class: "seat-link-box" });
    this.watchBox = h("div", { class: "watchers" });
    this.seatsBox = h("ul", { class: "seat-links" });
    this.el.append(h("summary", { "data-testid": "host-seats-toggle", text: t("hostSeats") }),
      h("p", { class: "help", text: t("hostSeatsHelp") }), this.seatsBox, this.linkBox,
      h("h3", { text: t("watchers") }), this.watchBox);
    this.sig = "";
  }

  update(room) {
    const me = session.player && session.player.id;
    const show = room && room.host === me && room.status !== "finished";
    this.el.hidden = !show;
    if (!show) return;
    this.room = room;
    const sig = JSON.stringify(room.seats.map((s) => [s.player && s.player.id, s.bot, s.connected]));
    if (sig === this.sig) return;
    this.sig = sig;
    this.seatsBox.replaceChildren(...room.seats.map((s) => {
      const mine = s.player && s.player.id === me;
      const who = s.player ? personName(s.player) : s.bot ? `${t("player")} ${s.seat + 1} (${botName(s.bot)})` : t("empty");
      return h("li", null,
        h("span", null, `${t("seat")} ${s.seat + 1}: `, h("strong", { text: who })),
        mine ? h("span", { class: "muted", text: ` (${t("you")})` })
          : h("button", { class: "small", "data-testid": "seat-link-button", "data-seat": String(s.seat),
            onclick: () => this.makeLink(s.seat) }, t("seatLinkMake")));
    }));
    if (this.el.open) this.drawWatchers();
  }

  async makeLink(seat) {
    try {
      const { link } = await api("POST", `/api/rooms/${this.roomId}/seats/${seat}/link`, {});
      const until = new Date(link.expires * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      const copy = h("button", { class: "small", onclick: async () => {
        try { await navigator.clipboard.writeText(link.url); toast(t("copied")); } catch (e) { input.select(); }
      } }, t("copy"));
      const input = h("input", { type: "text", readonly: true, value: link.url, "data-testid": "seat-link-url", "aria-label": t("seatLinkMake") });
      this.linkBox.replaceChildren(h("div", { class: "seat-link", "data-testid": "seat-link", "data-seat": String(seat) },
        h("p", null, h("strong", { text: `${t("seat")} ${seat + 1}` }), ` — ${t("seatLinkHelp")} ${until}.`),
        h("img", { src: link.qr, alt: `${t("qrFor")} ${t("seat")} ${seat + 1}`, class: "qr", "data-testid": "seat-link-qr", width: "220", height: "220" }),
        h("div", { class: "row" }, input, copy,
          h("button", { class: "small", "data-testid": "seat-link-revoke", onclick: async () => {
            try { await api("DELETE", `/api/rooms/${this.roomId}/seats/${seat}/link`); this.linkBox.replaceChildren(h("p", { class: "muted", text: t("seatLinkRevoked") })); } catch (e) { toast(e.message, "error"); }
          } }, t("seatLinkRevoke")))));
    } catch (e) {
      this.linkBox.replaceChildren(h("p", { class: "error", "data-testid": "seat-link-error", text: e.message }));
    }
  }

  async drawWatchers() {
    let watchers;
    try { watchers = (await api("GET", `/api/rooms/${this.roomId}/watchers`)).watchers; } catch (e) {
      this.watchBox.replaceChildren(h("p", { class: "error", text: e.message }));
      return;
    }
    const free = (this.room ? this.room.seats : []).filter((s) => !s.player);
    if (!watchers.length) { this.watchBox.replaceChildren(h("p", { class: "muted", text: t("noWatchers") })); return; }
    this.watchBox.replaceChildren(h("ul", { class: "room-list" }, watchers.map((w) => h("li", { "data-testid": "watcher" },
      h("strong", { text: personName(w) }), " ",
      free.length ? free.map((s) => h("button", { class: "small", "data-testid": "seat-watcher", "data-seat": String(s.seat),
        onclick: () => this.seatWatcher(w, s.seat) }, `${t("giveSeat")} ${s.seat + 1}`))
        : h("span", { class: "muted", text: t("noFreeSeat") })))));
  }

  async seatWatcher(w, seat) {
    try {
      await api("POST", `/api/rooms/${this.roomId}/seat`, { player: w.id, seat });
      toast(`${personName(w)}: ${t("seat")} ${seat + 1}`);
      this.drawWatchers();
    } catch (e) { this.watchBox.prepend(h("p", { class: "error", text: e.message })); }
  }
}
