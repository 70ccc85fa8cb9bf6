// The table page (#/room/{id}): one WebSocket (docs/protocol.md), the board, the waiting
// room, reconnecting with backoff, keyboard play and the announcements.
import { Board } from "./board.js";
import { loadCards } from "./cards.js";
import { botName, getLang, msg, t } from "./i18n.js";
import { announce } from "./sound.js";
import { sheetTable } from "./pages.js";
import { HostSeats } from "./rooms.js";
import { api, codeQuery, h, personLabel, personName, roomCode, seatName, session, toast } from "./util.js";

let current = null; // the open table, closed when the route changes

export function closeTable() {
  if (current) current.close();
  current = null;
}

export async function showTable(main, roomId) {
  closeTable();
  const table = new Table(main, roomId);
  current = table;
  await table.open();
}

class Table {
  constructor(main, roomId) {
    this.main = main;
    this.roomId = roomId;
    this.version = null;
    this.closed = false;
    this.retry = 0;
    this.lastEvent = null; // the newest event index announced, per game
    this.gameId = null;
    this.root = h("section", { class: "table", "data-testid": "table", "aria-label": t("room") });
    this.head = h("div", { class: "room-head" });
    this.banner = h("div", { class: "banner", "data-testid": "reconnect-banner", hidden: true, role: "status" }, `⟳ ${t("reconnecting")}`);
    this.waiting = h("div", { class: "waiting" });
    this.benchEl = h("div", { class: "bench-slot" });
    // what the page must say until read: the host role passing, a refusal (never only a toast)
    this.notice = h("div", { class: "notice host-notice", "data-testid": "host-notice", role: "status", hidden: true });
    this.refusal = h("div", { class: "notice refusal", "data-testid": "refusal", role: "alert", hidden: true });
    this.boardEl = h("div");
    this.board = new Board(this.boardEl, {
      onAct: (a) => this.act(a),
      onNext: () => this.sendMsg({ type: "next" }) || (this.refuse(t("offline")), false),
      onHints: () => api("GET", `/api/rooms/${this.roomId}/hints?lang=${getLang()}`),
      head: this.head,
    });
    this.hostSeats = new HostSeats(roomId); // the host's seat links and watchers (issue 30)
    this.root.append(this.banner, this.refusal, this.notice, this.waiting, this.benchEl, this.boardEl, this.hostSeats.el);
    main.replaceChildren(this.root);
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    this.timer = setInterval(() => this.board.tick(), 250);
    // a measurement hook: draw the last push again from scratch `n` times, layout included
    window.__chieuBench = (n = 20) => {
      const times = [];
      const js = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        this.board.sigs = {};
        this.board.seatSigs = {};
        this.board.render(this.board.m);
        js.push(performance.now() - t0);
        void document.body.offsetHeight;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      js.sort((a, b) => a - b);
      return { median: times[n >> 1], max: times[n - 1], js: js[n >> 1] };
    };
  }

  async open() {
    try {
      const { room } = await api("GET", `/api/rooms/${this.roomId}${codeQuery(this.roomId)}`);
      await loadCards(room.game);
      this.room = room;
      this.drawHead(room, null);
    } catch (e) {
      this.main.replaceChildren(h("p", { class: "error", text: e.message }));
      this.close();
      return;
    }
    this.connect();
  }

  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    // no credential in the URL: the token goes in the first message
    const q = new URLSearchParams({ lang: getLang() });
    if (this.version !== null) q.set("since", String(this.version));
    const ws = new WebSocket(`${proto}://${location.host}/ws/rooms/${this.roomId}?${q}`);
    this.ws = ws;
    ws.onopen = () => {
      const auth = { type: "auth", token: session.token };
      const code = sessionStorage.getItem(`chieu.code.${this.roomId}`);
      if (code) auth.code = code;
      ws.send(JSON.stringify(auth));
      if (this.version !== null) ws.send(JSON.stringify({ type: "hello", version: this.version }));
      this.pinger = setInterval(() => this.sendMsg({ type: "ping" }), 25000);
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = (e) => {
      clearInterval(this.pinger);
      if (this.ws !== ws || this.closed) return;
      if (e.code === 4401) { session.token = ""; location.hash = "#/"; location.reload(); return; }
      if (e.code === 4404) { this.main.replaceChildren(h("p", { class: "error", text: t("notFound") })); return; }
      if (e.code === 4403) { this.main.replaceChildren(h("p", { class: "error", text: t("privateRoom403") })); return; }
      this.banner.hidden = false;
      const wait = Math.min(10000, 500 * 2 ** this.retry) * (0.8 + Math.random() * 0.4);
      this.retry += 1;
      this.reconnectTimer = setTimeout(() => this.connect(), wait);
    };
  }

  reconnect() {
    // a fresh socket (the language changed): the server sends the view in the new words
    if (this.ws) { const old = this.ws; this.ws = null; old.close(); }
    this.connect();
  }

  close() {
    this.closed = true;
    clearInterval(this.timer);
    clearInterval(this.pinger);
    clearTimeout(this.reconnectTimer);
    document.removeEventListener("keydown", this.onKey);
    if (this.ws) this.ws.close();
  }

  sendMsg(m) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(m));
      return true;
    }
    return false;
  }

  act(action) {
    if (!this.sendMsg({ type: "act", version: this.version, action: action.id })) {
      this.board.settle();
      this.board.rerender();
      toast(t("offline"), "error");
    }
  }

  receive(text) {
    let m;
    try { m = JSON.parse(text); } catch (e) { return; }
    if (m.type === "view") this.onView(m);
    else if (m.type === "error") {
      this.board.settle();
      this.board.rerender();
      if (m.code === "stale") this.sendMsg({ type: "hello", version: this.version });
      else this.refuse(msg(m.message));
    }
  }

  onView(m) {
    const wasOffline = !this.banner.hidden;
    this.retry = 0;
    this.banner.hidden = true;
    if (wasOffline) toast(t("reconnected"));
    const newGame = m.game_id !== this.gameId;
    if (m.version !== this.version || newGame) {
      this.board.confirming = null;
      this.board.settle();
    }
    if (newGame) {
      this.board.nextSent = false;
      this.board.selected = null;
    }
    // between two games the next one is dealt when everyone is ready (room.ready) or at
    // room.next_at: a press is spent on the next deal
    if (m.room.status !== "between") this.board.nextSent = false;
    if (this.room && this.room.host !== m.room.host) this.hostPassed(this.room, m.room);
    this.version = m.version;
    this.room = m.room;
    this.hostSeats.update(m.room);
    if (this.seatedNow(m)) return;
    this.drawHead(m.room, m.seat);
    const v = m.view;
    // a pass-only answer in a claim window is the server's to give when the window's hold
    // ends (docs/protocol.md, "Claim windows"): nothing to tap, the table shows it waiting
    if (v) v.decisions = v.decisions.filter((d) => !(d.kind === "claim" && d.actions.length === 1));
    this.waiting.replaceChildren(...(m.room.status === "waiting" ? [this.waitingRoom(m.room, m.seat)] : []));
    this.benchEl.replaceChildren(...(m.room.bench ? [benchPanel(m.room, m.seat)] : []));
    if (!v && this.head.parentNode !== this.root) this.root.insertBefore(this.head, this.waiting);
    if (v && this.head.parentNode === this.root) { this.board.sigs = {}; this.board.build(); }
    if (v) {
      const t0 = performance.now();
      const ms = this.board.render(m);
      // from the push to the next frame painted (layout and paint included)
      requestAnimationFrame(() => setTimeout(() => {
        (window.__chieuPaintLog = window.__chieuPaintLog || []).push(performance.now() - t0);
      }, 0));
      window.__chieuRenderMs = ms;
      (window.__chieuRenderLog = window.__chieuRenderLog || []).push(ms);
      this.sound(m, newGame);
      if (v.outcome && !this.outcomeSeen) {
        this.outcomeSeen = true;
        const el = this.root.querySelector("[data-testid=outcome]");
        if (el) requestAnimationFrame(() => el.scrollIntoView({ block: "nearest" }));
      } else if (!v.outcome) this.outcomeSeen = false;
    }
    this.gameId = m.game_id;
    if (m.room.status === "finished" && !this.finishedShown) {
      this.finishedShown = true;
      this.showFinalSheet();
    }
  }

  async showFinalSheet() {
    try {
      const [sheet, games] = await Promise.all([
        api("GET", `/api/rooms/${this.roomId}/sheet${codeQuery(this.roomId)}`),
        api("GET", `/api/rooms/${this.roomId}/games${codeQuery(this.roomId)}`).then((r) => r.games).catch(() => []),
      ]);
      this.root.append(h("section", { class: "panel final-sheet" },
        h("h2", { text: `${t("sittingOver")} — ${t("sheet")}` }), sheetTable(sheet, this.room, games)));
    } catch (e) { toast(e.message, "error"); }
  }

  sound(m, newGame) {
    const v = m.view;
    const evs = v.events.filter((e) => e.text);
    if (!evs.length) return;
    const last = evs[evs.length - 1];
    const seen = this.lastEvent;
    this.lastEvent = last.index;
    if (seen === null || newGame || last.index <= seen) return; // a first look or a reconnect: quiet
    // public only: the viewer's own plain action events may be private claim answers
    if (last.actor === v.viewer && v.viewer !== null && last.type === "action") return;
    announce(last);
  }

  drawHead(room, seat) {
    const status = room.status;
    this.head.replaceChildren(...[
      h("span", { class: "room-title", text: room.title || room.game }),
      room.code ? h("span", { class: "pill code" }, `${t("code")}: `, h("strong", { "data-testid": "room-code", text: room.code })) : null,
      h("span", { class: `pill status status-${status}`, "data-testid": "status", "data-status": status, text: t(`status_${status}`) }),
      seat === null || seat === undefined ? h("span", { class: "pill", "data-testid": "spectator", text: t("spectator") }) : null,
      (seat === null || seat === undefined) && status !== "finished"
        ? h("button", { class: "small", "data-testid": "stop-watching", onclick: () => this.stopWatching() }, t("stopWatching")) : null,
      h("a", { class: "button small", href: `#/sheet/${room.id}` }, t("sheet")),
      seat !== null && seat !== undefined && room.status !== "finished"
        ? h("button", { class: "small", "data-testid": "leave", onclick: () => this.leave() }, t("leave")) : null,
    ].filter(Boolean));
  }

  waitingRoom(room, seat) {
    const me = session.player && session.player.id;
    const isHost = room.host === me;
    const host = room.seats.find((s) => s.player && s.player.id === room.host);
    // the host sees what she can do and who is missing; the others, whom they wait for
    const empty = room.seats.filter((s) => !s.player && !s.bot);
    const absent = room.seats.filter((s) => s.player && s.player.id !== me && !s.connected);
    const missing = [
      ...absent.map((s) => `${personName(s.player)} (${t("missingAbsent")})`),
      ...empty.map((s) => `${t("seat")} ${s.seat + 1} (${t("missingEmpty")})`),
    ];
    return h("section", { class: "panel wait", "data-testid": "waiting-room", "data-host": String(isHost) },
      isHost
        ? [h("h2", { text: t("youHost") }), h("p", { text: t("hostStartHelp") })]
        : [h("h2", { text: t("waitingStart") }), host ? h("p", null, `${t("hostIs")}: `, h("strong", { text: personName(host.player) })) : null],
      room.code ? h("p", null, t("shareCode"), " ", h("strong", { class: "big-code", text: room.code })) : null,
      h("ol", { class: "seat-list" }, room.seats.map((s) => h("li", null,
        `${t("seat")} ${s.seat + 1}: `,
        s.player ? h("strong", { text: personName(s.player) }) : s.bot ? botName(s.bot).replace(/^./, (c) => c.toUpperCase()) : h("em", { text: t("empty") }),
        s.player && s.player.id === room.host ? ` (${t("host")})` : "",
        s.player && !s.connected ? h("span", { class: "pill away", text: t("offlineSeat") }) : null))),
      isHost ? h("p", { class: "missing", "data-testid": "missing" },
        missing.length ? [h("strong", { text: `${t("missing")}: ` }), missing.join(" · ")] : t("allHere")) : null,
      h("p", { class: "muted", "data-testid": "bots-fill" }, `${t("botsFill")}: ${botName(room.level || "medium")}`),
      (seat === null || seat === undefined) && empty.length
        ? h("button", { class: "primary", "data-testid": "join", onclick: () => this.join() }, t("join")) : null,
      isHost ? h("button", { class: "primary", "data-testid": "start", onclick: () => this.start() }, `${t("start")} ▶`) : null,
    );
  }

  /** The host role passed (the host left, or stayed away too long): everyone is told, in the
   * page, until they close the note. */
  hostPassed(before, now) {
    const me = session.player && session.player.id;
    const old = before.seats.find((s) => s.player && s.player.id === before.host);
    const still = now.seats.find((s) => s.player && s.player.id === before.host);
    const heir = now.seats.find((s) => s.player && s.player.id === now.host);
    const who = old ? personName(old.player) : t("formerHost");
    const why = `${who} ${still ? t("hostAway") : t("hostLeft")}.`;
    const said = now.host === me ? `${t("youHostNow")} ${why}` : `${heir ? personName(heir.player) : t("hostIs")} ${t("hostNow")}. ${why}`;
    this.notice.replaceChildren(h("span", { class: "said", text: said }),
      h("button", { class: "chip", "aria-label": t("close"), onclick: () => { this.notice.hidden = true; } }, "✕"));
    this.notice.dataset.mine = String(now.host === me);
    this.notice.hidden = false;
  }

  /** A refusal in the page (the server's words say what happened and what to do next). */
  refuse(text) {
    this.refusal.replaceChildren(h("span", { class: "said" }, h("strong", { text: `${t("refused")}: ` }), h("span", { "data-testid": "refusal-text", text })),
      h("button", { class: "chip", "aria-label": t("close"), onclick: () => { this.refusal.hidden = true; } }, "✕"));
    this.refusal.hidden = false;
  }

  async join() {
    try {
      // a private room: the code the person gave (joining by code in the lobby)
      const code = roomCode(this.roomId);
      await api("POST", `/api/rooms/${this.roomId}/join`, code ? { code } : {});
      this.refusal.hidden = true;
      this.reconnect();
    } catch (e) { this.refuse(e.message); this.sendMsg({ type: "hello", version: this.version }); }
  }

  /** A watcher the host just seated (or whose seat link was used): a new socket, as the seat. */
  seatedNow(m) {
    const me = session.player && session.player.id;
    const mine = m.room.seats.some((s) => s.player && s.player.id === me);
    if ((m.seat === null || m.seat === undefined) && mine && this.reseated !== m.room.version) {
      this.reseated = m.room.version;
      this.reconnect();
      return true;
    }
    return false;
  }

  async stopWatching() {
    try { await api("POST", `/api/rooms/${this.roomId}/unwatch`, {}); } catch (e) { /* gone already */ }
    location.hash = "#/";
  }

  async leave() {
    if (!window.confirm(t("leaveConfirm"))) return;
    try {
      await api("POST", `/api/rooms/${this.roomId}/leave`, {});
      location.hash = "#/";
    } catch (e) { this.refuse(e.message); }
  }

  async start() {
    try {
      await api("POST", `/api/rooms/${this.roomId}/start`, {});
      this.refusal.hidden = true;
    } catch (e) { this.refuse(e.message); this.sendMsg({ type: "hello", version: this.version }); }
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const buttons = [...this.root.querySelectorAll(".actions button[data-action-id]")];
    if (e.key === "Escape" && this.board.confirming) {
      this.board.confirming = null;
      this.board.rerender();
      return;
    }
    if (/^[1-9]$/.test(e.key)) {
      const b = this.root.querySelector(`.actions button[data-key="${e.key}"][data-action-id]`);
      if (b) { e.preventDefault(); b.focus(); b.click(); }
      return;
    }
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key) && buttons.length) {
      if (e.target && e.target.closest && e.target.closest(".hand")) return;
      const i = buttons.indexOf(document.activeElement);
      const d = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
      const j = i < 0 ? 0 : (i + d + buttons.length) % buttons.length;
      e.preventDefault();
      buttons[j].focus();
    }
  }
}

export function relang() {
  if (current) {
    current.drawHead(current.room, current.board.m ? current.board.m.seat : null);
    current.board.sigs = {};
    current.board.build();
    current.reconnect();
  }
}

export { seatName };

/** Who sits out the deal being played (else the next one) and when they come in, shown to
 * everyone (a hội of more people than seats: room.bench, docs/protocol.md). */
function benchPanel(room, me) {
  const b = room.bench;
  const who = (p) => (p === me ? t("you") : personLabel(room, p));
  const mine = me !== null && me !== undefined && b.seats.includes(me);
  return h("section", { class: "bench", "data-testid": "bench", "data-seats": b.seats.join(","), role: "status" },
    h("p", null, h("strong", { text: `${t("benchTitle")} ${b.deal}: ` }),
      b.seats.map((p, i) => [i ? ", " : "", h("span", { class: "bench-who", "data-seat": String(p), text: who(p) })]),
      b.when ? ` — ${msg(b.when)}` : ""),
    mine ? h("p", { class: "bench-you", "data-testid": "bench-you", text: room.status === "playing" ? t("benchYou") : t("benchLater") }) : null);
}
