// The other pages: the first-visit name, the lobby, the score sheet, the replay viewer and
// the player's history.
import { Board, termText } from "./board.js";
import { loadCards } from "./cards.js";
import { coachReplay, reviewLink, sheetAccuracy } from "./coach.js";
import { getLang, msg, t } from "./i18n.js";
import { joinRefusal, myRoomsPanel } from "./rooms.js";
import { api, codeQuery, fmt, gamesMenu, h, keepRoomCode, personName, session, toast } from "./util.js";

const games = gamesMenu;

// -- the first visit --------------------------------------------------------------------------
export function showGuest(main, then) {
  const input = h("input", {
    id: "guest-name", "data-testid": "guest-name", maxlength: "40", required: true,
    autocomplete: "nickname", placeholder: "Bà Tư",
  });
  const form = h("form", { class: "panel guest", onsubmit: async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) { input.focus(); return; }
    try {
      const res = await api("POST", "/api/guests", { name });
      session.token = res.token;
      session.player = res.player;
      then();
    } catch (err) { toast(`${t("guestFailed")}: ${err.message}`, "error"); }
  } },
  h("h1", { text: t("welcome") }),
  h("p", { class: "muted", text: t("welcomeNote") }),
  h("label", { for: "guest-name", text: t("nameLabel") }),
  h("div", { class: "row" }, input, h("button", { class: "primary", type: "submit" }, t("enter"))));
  main.replaceChildren(form);
  input.focus();
}

// -- the lobby --------------------------------------------------------------------------------
/** A choice of an option in words (the game's option_words), its id when it has none. */
function valueWords(o, c) {
  const key = String(c); // true / false for a yes-or-no, as the server names them
  const w = o.values && o.values[key];
  return w ? msg(w) : String(c);
}

let lobbyTimer = 0;

/** A level in words with its measured rating beside it ("Vừa · 1520"). */
export function levelWords(lv) {
  return lv.rating ? `${msg(lv.words)} · ${lv.rating}` : msg(lv.words);
}

/** The bots' level (issue 31): a select of the game's levels, the chosen one's line of help,
 * the person's last choice kept (default Vừa). */
function levelPicker(testid) {
  const id = `${testid}-select`;
  const select = h("select", { id, "data-testid": testid });
  const help = h("p", { class: "help", "data-testid": `${testid}-help` });
  let levels = [];
  const said = () => {
    const lv = levels.find((x) => x.name === select.value);
    help.textContent = lv ? `${msg(lv.about)}. ${t("ratingHelp")}` : "";
  };
  select.addEventListener("change", () => { localStorage.setItem("chieu.level", select.value); said(); });
  return {
    el: h("div", { class: "opt level" }, h("label", { for: id, text: t("botLevel") }), select, help),
    value: () => select.value || "medium",
    draw(g) {
      levels = g.levels || [];
      const saved = localStorage.getItem("chieu.level") || "medium";
      select.replaceChildren(...levels.map((lv) => h("option", { value: lv.name, selected: lv.name === saved }, levelWords(lv))));
      said();
    },
  };
}

export async function showLobby(main) {
  const list = await games();
  const saved = localStorage.getItem("chieu.game");
  const select = h("select", { id: "game-select", "data-testid": "game-select" },
    list.map((g) => h("option", { value: g.name, selected: g.name === saved }, `${g.title} (${g.info.players} ${t("seatsCount")})`)));
  const optionsBox = h("div", { class: "options" });
  const presetSel = h("select", { id: "preset" });
  const privateBox = h("input", { type: "checkbox", id: "private" });
  let inputs = [];

  const presetNote = h("p", { class: "help preset-help", "data-testid": "preset-help" });
  const presetHelp = () => {
    const w = (chosen().preset_words || {})[presetSel.value];
    presetNote.textContent = w ? msg(w.help) : "";
  };
  presetSel.addEventListener("change", presetHelp);
  const rulesLink = h("a", { class: "button small", "data-testid": "rules-link", text: t("rulesLink") });
  const learnLink = h("a", { class: "button small", "data-testid": "learn-link", text: t("learn") });
  const chosen = () => list.find((g) => g.name === select.value) || list[0];
  const quickLevel = levelPicker("quick-level");
  const roomLevel = levelPicker("room-level");
  const drawOptions = () => {
    const g = chosen();
    quickLevel.draw(g);
    roomLevel.draw(g);
    rulesLink.href = `#/rules/${encodeURIComponent(g.name)}`;
    learnLink.href = `#/learn/${encodeURIComponent(g.name)}`;
    localStorage.setItem("chieu.game", g.name);
    // presets and options in words (the game's option_words): never their ids
    const pw = g.preset_words || {};
    presetSel.replaceChildren(...g.presets.map((p) => h("option", { value: p }, pw[p] ? msg(pw[p].label) : p)));
    presetHelp();
    inputs = [];
    optionsBox.replaceChildren(...g.options.map((o) => {
      const id = `opt-${o.name}`;
      let input;
      if (o.type === "bool") input = h("input", { type: "checkbox", id, checked: !!o.default });
      else if (o.type === "list" && o.choices) {
        input = h("span", { class: "multi", id }, o.choices.map((c) => h("label", { class: "check" },
          h("input", { type: "checkbox", value: String(c), checked: (o.default || []).includes(c) }), ` ${valueWords(o, c)}`)));
      } else if (o.choices) {
        input = h("select", { id }, o.choices.map((c) => h("option", { value: JSON.stringify(c), selected: c === o.default }, valueWords(o, c))));
      } else if (o.type === "int" || o.type === "float") input = h("input", { type: "number", id, value: String(o.default), step: o.type === "int" ? "1" : "any" });
      else input = h("input", { type: "text", id, value: Array.isArray(o.default) ? o.default.join(", ") : String(o.default ?? "") });
      const entry = { o, input, touched: false };
      input.addEventListener("change", () => { entry.touched = true; });
      inputs.push(entry);
      return h("div", { class: "opt" },
        h("label", { for: id, "data-option": o.name }, o.label ? msg(o.label) : h("code", { text: o.name })),
        input,
        h("p", { class: "help", text: msg(o.help) }));
    }));
  };
  select.addEventListener("change", drawOptions);
  drawOptions();

  const readRules = () => {
    const rules = {};
    for (const { o, input, touched } of inputs) {
      if (!touched) continue;
      if (o.type === "bool") rules[o.name] = input.checked;
      else if (o.type === "list" && o.choices) rules[o.name] = [...input.querySelectorAll("input:checked")].map((c) => o.choices.find((x) => String(x) === c.value));
      else if (o.choices) rules[o.name] = JSON.parse(input.value);
      else if (o.type === "int") rules[o.name] = parseInt(input.value, 10);
      else if (o.type === "float") rules[o.name] = parseFloat(input.value);
      else if (o.type === "list") rules[o.name] = input.value.split(",").map((s) => s.trim()).filter(Boolean).map((s) => (isNaN(Number(s)) ? s : Number(s)));
      else rules[o.name] = input.value;
    }
    return rules;
  };

  const busy = (btn, on) => { btn.disabled = on; btn.setAttribute("aria-busy", String(on)); };
  const quick = h("button", { class: "primary big", "data-testid": "quick-play", onclick: async () => {
    const g = chosen();
    busy(quick, true);
    try {
      const level = quickLevel.value();
      const bots = {};
      for (let s = 1; s < g.info.players; s++) bots[String(s)] = level;
      // the last quick game is left (bots alone end its sitting): it no longer counts
      // against the player's open rooms
      const last = localStorage.getItem("chieu.quickRoom");
      if (last) await api("POST", `/api/rooms/${last}/leave`, {}).catch(() => null);
      const { room } = await api("POST", "/api/rooms", { game: g.name, bots, level, private: true, clock: { bot_delay: 0.4, pause: 60 } });
      localStorage.setItem("chieu.quickRoom", String(room.id));
      await api("POST", `/api/rooms/${room.id}/start`, {});
      location.hash = `#/room/${room.id}`;
    } catch (e) { toast(e.message, "error"); busy(quick, false); }
  } }, `▶ ${t("quickPlay")}`);

  // the pause between two games (the host's; issue 30): bounded here as on the server
  const pauseInput = h("input", { type: "number", id: "pause", "data-testid": "pause", min: "5", max: "600", step: "5", value: "60", inputmode: "numeric" });
  const pauseSeconds = () => Math.min(600, Math.max(5, Math.round(Number(pauseInput.value) || 60)));
  const createNote = h("p", { class: "error", "data-testid": "create-refusal", role: "alert", hidden: true });
  const create = h("button", { class: "primary", "data-testid": "create-room", onclick: async () => {
    const g = chosen();
    busy(create, true);
    createNote.hidden = true;
    try {
      const body = { game: g.name, preset: presetSel.value, level: roomLevel.value(), private: privateBox.checked, clock: { pause: pauseSeconds() } };
      const rules = readRules();
      if (Object.keys(rules).length) body.rules = rules;
      const { room } = await api("POST", "/api/rooms", body);
      location.hash = `#/room/${room.id}`;
    } catch (e) { createNote.textContent = e.message; createNote.hidden = false; busy(create, false); }
  } }, t("createRoom"));

  const codeInput = h("input", { id: "join-code", "data-testid": "join-code", maxlength: "16", autocomplete: "off", placeholder: "K3PX9Q", style: "text-transform:uppercase" });
  const joinBtn = h("button", { class: "primary", type: "submit", "data-testid": "join-button" }, t("join"));
  const refusal = h("div", { class: "join-refusal", "data-testid": "join-refusal", hidden: true, role: "alert" });
  const joinForm = h("form", { class: "row", onsubmit: async (e) => {
    e.preventDefault();
    const code = codeInput.value.trim().toUpperCase();
    if (!code) return;
    refusal.hidden = true;
    try {
      const { room } = await api("POST", "/api/rooms/join", { code });
      keepRoomCode(room.id, code);
      location.hash = `#/room/${room.id}`;
    } catch (err) {
      if (err.code === "already_seated" || err.code === "already_started") {
        // already at this table (or it started): find it among my tables, else offer to watch
        try {
          const mine = (await api("GET", "/api/me/rooms")).rooms.find((r) => r.code === code);
          if (mine) { keepRoomCode(mine.id, code); location.hash = `#/room/${mine.id}`; return; }
        } catch (e2) { /* fall through */ }
      }
      joinRefusal(refusal, err, code); // in the page: what happened, what to do next
    }
  } }, codeInput, joinBtn);
  const mine = myRoomsPanel();

  // the open rooms a page at a time (newest first): "More" asks for the next page; a refresh
  // asks again for as many as are shown
  const roomsBox = h("div", { class: "rooms" }, t("loading"));
  let shown = [];
  let nextPage = null;
  const drawRooms = async (more) => {
    try {
      const limit = more === true ? 20 : Math.min(50, Math.max(20, shown.length));
      const after = more === true && nextPage ? `&after=${encodeURIComponent(nextPage)}` : "";
      const { rooms: page, next } = await api("GET", `/api/rooms?limit=${limit}${after}`);
      if (more === true) shown = shown.concat(page.filter((r) => !shown.some((s) => s.id === r.id)));
      else shown = page;
      nextPage = next;
      const rooms = shown;
      const moreBtn = nextPage ? h("button", { class: "small", "data-testid": "rooms-more", onclick: () => drawRooms(true) }, t("moreRooms")) : null;
      roomsBox.replaceChildren(rooms.length ? h("ul", { class: "room-list" }, rooms.map((r) => {
        const taken = r.seats.filter((s) => s.player || s.bot).length;
        const meSeated = r.seats.some((s) => s.player && session.player && s.player.id === session.player.id);
        return h("li", null,
          h("strong", { text: r.title }), ` · ${t("code")} ${r.code} · ${taken}/${r.players} · `,
          h("span", { class: `pill status-${r.status}`, text: t(`status_${r.status}`) }), " ",
          meSeated || r.status !== "waiting"
            ? h("a", { class: "button small", href: `#/room/${r.id}` }, meSeated ? t("open") : t("watch"))
            : h("button", { class: "small", onclick: async () => {
              try { await api("POST", `/api/rooms/${r.id}/join`, {}); location.hash = `#/room/${r.id}`; } catch (e) { toast(e.message, "error"); }
            } }, t("join")));
      })) : h("p", { class: "muted", text: t("noRooms") }), moreBtn || "");
    } catch (e) { roomsBox.replaceChildren(h("p", { class: "error", text: e.message })); }
  };
  drawRooms();
  clearInterval(lobbyTimer);
  lobbyTimer = setInterval(() => {
    if (document.body.contains(roomsBox)) { drawRooms(); mine.draw(); } else clearInterval(lobbyTimer);
  }, 10000);

  main.replaceChildren(h("div", { class: "lobby" },
    mine.panel,
    h("section", { class: "panel quick" },
      h("h2", { text: t("quickTitle") }),
      h("label", { for: "game-select", text: t("game") }),
      h("div", { class: "row" }, select, quick, rulesLink, learnLink),
      quickLevel.el),
    h("section", { class: "panel join" }, h("h2", { text: t("joinTitle") }), h("label", { for: "join-code", text: t("code") }), joinForm, refusal),
    h("section", { class: "panel create" },
      h("h2", { text: t("createTitle") }),
      h("p", { class: "muted", text: t("botsFill") }),
      h("div", { class: "row" }, h("label", { for: "preset", text: t("preset") }), presetSel,
        h("label", { class: "check" }, privateBox, ` ${t("privateRoom")}`)),
      presetNote,
      roomLevel.el,
      h("div", { class: "opt" }, h("label", { for: "pause", text: t("pauseLabel") }), pauseInput,
        h("p", { class: "help", "data-testid": "pause-help", text: t("pauseHelp") })),
      h("details", null, h("summary", { text: t("rules") }), optionsBox),
      h("div", { class: "row" }, create), createNote),
    h("section", { class: "panel public" },
      h("h2", null, t("publicRooms"), " ", h("button", { class: "small", onclick: () => drawRooms() }, `⟳ ${t("refresh")}`)),
      roomsBox)));
}

// -- the score sheet --------------------------------------------------------------------------
export async function showSheet(main, roomId) {
  main.replaceChildren(h("p", { text: t("loading") }));
  const [sheet, room, gamesList] = await Promise.all([
    api("GET", `/api/rooms/${roomId}/sheet${codeQuery(roomId)}`),
    api("GET", `/api/rooms/${roomId}${codeQuery(roomId)}`).then((r) => r.room),
    api("GET", `/api/rooms/${roomId}/games${codeQuery(roomId)}`).then((r) => r.games).catch(() => []),
  ]);
  main.replaceChildren(h("section", { class: "panel sheet-page" },
    h("h1", null, `${t("sheet")} — ${room.title}${room.code ? ` · ${t("code")} ${room.code}` : ""}`),
    sheetTable(sheet, room, gamesList),
    h("p", { class: "row" },
      h("a", { class: "button", href: `#/room/${roomId}` }, t("backToTable")),
      h("button", { "data-testid": "sheet-csv", onclick: () => downloadCsv(roomId) }, `⬇ ${t("sheetCsv")}`))));
}

export function sheetTable(sheet, room, gamesList = []) {
  // a guest's name carries "(khách)" / "(guest)" here too, when the room says who sits
  const seats = room && room.seats ? room.seats : [];
  const names = (sheet.names || seats.map((s) => (s.player ? s.player.name : `${t("bot")} ${s.seat + 1}`)))
    .map((n, i) => (seats[i] && seats[i].player && seats[i].player.guest && seats[i].player.name === n ? personName(seats[i].player) : n));
  const rows = sheet.rows || [];
  if (!rows.length) return h("p", { class: "muted", text: t("noGames") });
  const sums = names.map((_, s) => rows.reduce((acc, r) => acc + (r.points[s] || 0), 0));
  const last = rows[rows.length - 1].totals || [];
  const ok = sums.every((x, s) => Math.abs(x - (last[s] ?? x)) < 1e-6);
  const byNumber = new Map(gamesList.map((g) => [g.number, g]));
  const table = h("table", { class: "sheet", "data-testid": "sheet" },
      h("thead", null, h("tr", null, h("th", { text: t("gameNo") }), h("th", { text: t("winner") }),
        names.map((n) => h("th", { text: n })), h("th", { text: "" }))),
      h("tbody", null, rows.map((r) => {
        const g = byNumber.get(r.number);
        return h("tr", null,
          h("td", { text: String(r.number) }),
          h("td", { text: r.winner === null || r.winner === undefined ? `— ${termText(r.termination, getLang())}` : names[r.winner] }),
          // a person who sat the deal out (a hội of more people than seats): a dash; the
          // others' cells name the table seat they played (the coach's accuracy goes there)
          r.points.map((p, s) => (r.seating && !r.seating.includes(s)
            ? h("td", { class: "num out", "data-out": "1", title: t("benchOut"), text: "—" })
            : h("td", { class: `num${p > 0 ? " pos" : p < 0 ? " neg" : ""}`, "data-seat": String(r.seating ? r.seating.indexOf(s) : s), "data-game-id": g ? String(g.id) : null, text: fmt(p) }))),
          h("td", null, g && g.over ? h("a", { href: `#/replay/${g.id}` }, `▶ ${t("replay")}`) : ""));
      })),
      h("tfoot", null, h("tr", null,
        h("th", { text: t("total") }),
        h("th", { class: ok ? "ok" : "bad", title: ok ? t("totalsCheck") : t("totalsBad"), text: ok ? "✓" : "⚠" }),
        sums.map((x, s) => h("td", { class: "num total", "data-testid": "sheet-total", "data-seat": String(s), text: fmt(x) })),
        h("td", { text: "" }))));
  // wider than the screen: a line says so, and a shadow marks the edge that has more
  const box = h("div", { class: "scroll-x", tabindex: "0", "data-testid": "sheet-scroll" }, table);
  const hint = h("p", { class: "scroll-more", "data-testid": "sheet-scroll-hint", hidden: true, text: t("scrollHint") });
  const check = () => {
    const wider = box.scrollWidth > box.clientWidth + 1;
    hint.hidden = !wider;
    box.classList.toggle("scrolls", wider);
  };
  const watch = new ResizeObserver(check);
  watch.observe(box);
  watch.observe(table);
  if (room && room.id) sheetAccuracy(table, room.id); // each reviewed player's accuracy (coach.js)
  return h("div", { class: "sheet-box" }, hint, box);
}

async function downloadCsv(roomId) {
  try {
    const res = await fetch(`/api/rooms/${roomId}/sheet.csv${codeQuery(roomId)}`, { headers: { Authorization: `Bearer ${session.token}` } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const blob = await res.blob();
    const a = h("a", { href: URL.createObjectURL(blob), download: `chieu-room-${roomId}.csv` });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  } catch (e) { toast(e.message, "error"); }
}

// -- the replay viewer ------------------------------------------------------------------------
let replayTimer = 0;
export function stopReplay() { clearInterval(replayTimer); replayTimer = 0; }

export async function showReplay(main, gameId) {
  stopReplay();
  main.replaceChildren(h("p", { text: t("loading") }));
  const cache = new Map();
  let seat = "auto";
  const get = async (step) => {
    const q = new URLSearchParams({ lang: getLang() });
    if (step !== null) q.set("step", String(step));
    if (seat !== "auto") q.set("seat", seat);
    const key = q.toString();
    if (!cache.has(key)) {
      const asked = api("GET", `/api/games/${gameId}/replay?${key}`);
      asked.catch(() => cache.delete(key)); // a refusal (429 too_fast) is asked again later
      cache.set(key, asked);
    }
    return cache.get(key);
  };
  let first;
  try { first = await get(0); } catch (e) { main.replaceChildren(h("p", { class: "error", text: e.message })); return; }
  await loadCards(first.view.game);
  const names = first.names || first.view.seats.map((s) => `${t("seat")} ${s.seat + 1}`);
  const room = { seats: names.map((n, i) => ({ seat: i, player: { name: n }, connected: true })), id: first.room_id };
  const slider = h("input", { type: "range", min: "0", max: String(first.steps), value: "0", step: "1", "data-testid": "replay-slider", "aria-label": t("step") });
  const label = h("span", { class: "step-label" });
  const boardEl = h("div");
  const board = new Board(boardEl, { readOnly: true });
  // one request at a time: dragging the slider asks for the step it rests on when the
  // request in flight is answered, not for every step it passed (the server allows a player
  // 20 replay requests a second)
  let want = 0;
  let asks = 0; // every call counts (the seat may change, the step not)
  let busy = false;
  const show = async (step) => {
    want = step;
    asks += 1;
    if (busy) return;
    busy = true;
    try {
      for (;;) {
        const mine = asks;
        let data;
        try { data = await get(want); } catch (e) { label.textContent = e.message; return; }
        if (asks !== mine) continue;
        slider.value = String(data.step);
        label.textContent = `${t("step")} ${data.step} / ${data.steps}`;
        board.render({ view: data.view, room, game_id: gameId });
        onStep(data.step);
        return;
      }
    } finally { busy = false; }
  };
  const seatSel = h("select", { "aria-label": t("viewAs"), onchange: () => { seat = seatSel.value; show(Number(slider.value)); } },
    h("option", { value: "auto" }, `${t("viewAs")}…`),
    h("option", { value: "none" }, t("allSeats")),
    names.map((n, i) => h("option", { value: String(i) }, `${t("seat")} ${i + 1}: ${n}`)));
  slider.addEventListener("input", () => show(Number(slider.value)));
  // the coach (coach.js): its box, the marks of the mistakes along the slider, the decision shown
  const marks = h("div", { class: "review-marks", "data-testid": "review-marks", hidden: true });
  const coachBox = h("div", { class: "coach-host" });
  const onStep = coachReplay({ gameId, steps: first.steps, seat: first.seat, names, game: first.view.game, host: coachBox, marks, go: (s) => show(s) });
  const stepBy = (d) => show(Math.max(0, Math.min(first.steps, Number(slider.value) + d)));
  const playBtn = h("button", { onclick: () => {
    if (replayTimer) { stopReplay(); playBtn.textContent = `▶ ${t("play")}`; return; }
    playBtn.textContent = `⏸ ${t("pause")}`;
    replayTimer = setInterval(() => {
      if (Number(slider.value) >= first.steps) { stopReplay(); playBtn.textContent = `▶ ${t("play")}`; return; }
      stepBy(1);
    }, 700);
  } }, `▶ ${t("play")}`);
  main.replaceChildren(h("section", { class: "replay table", "data-testid": "table" },
    h("div", { class: "replay-bar panel" },
      h("strong", null, `${t("replay")} — ${first.view.title} · ${t("gameNo")} ${first.number}`),
      h("div", { class: "row" },
        h("button", { "aria-label": t("prev"), onclick: () => stepBy(-1) }, "◀"),
        h("div", { class: "slider-box" }, slider, marks),
        h("button", { "aria-label": t("next"), onclick: () => stepBy(1) }, "▶"),
        playBtn, label, seatSel,
        h("a", { class: "button small", href: `#/sheet/${first.room_id}` }, t("sheet")))),
    coachBox,
    boardEl));
  board.render({ view: first.view, room, game_id: gameId });
  label.textContent = `${t("step")} 0 / ${first.steps}`;
}

// -- my history -------------------------------------------------------------------------------
export async function showHistory(main) {
  main.replaceChildren(h("p", { text: t("loading") }));
  const { rooms } = await api("GET", "/api/me/history");
  const titles = new Map((await games()).map((g) => [g.name, g.title]));
  main.replaceChildren(h("section", { class: "panel history" },
    h("h1", { text: t("rooms") }),
    rooms.length ? h("ul", { class: "room-list" }, rooms.map((r) => h("li", null,
      h("div", null,
        h("strong", { text: titles.get(r.game) || r.game }), ` · ${t("code")} ${r.code} · `,
        h("span", { class: `pill status-${r.status}`, text: t(`status_${r.status}`) }), " ",
        r.totals ? h("span", { class: "muted", text: `${t("total")}: ${fmt(r.totals[r.seat])}` }) : null, " ",
        h("a", { class: "button small", href: `#/room/${r.id}` }, t("open")), " ",
        h("a", { class: "button small", href: `#/sheet/${r.id}` }, t("sheet"))),
      r.games.length ? h("ul", { class: "games" }, r.games.map((g) => h("li", null,
        `${t("gameNo")} ${g.number}: `,
        g.over
          ? [g.winner === null || g.winner === undefined ? t("noWinner") : `${(r.names && r.names[g.winner]) || `#${g.winner + 1}`} ${t("winnerIs")}`,
            g.points ? ` (${fmt(g.points[r.seat])})` : "", " ",
            h("a", { href: `#/replay/${g.id}` }, `▶ ${t("replay")}`), " ",
            reviewLink(g.id)]
          : t("inPlay")))) : null))) : h("p", { class: "muted", text: t("noHistory") })));
}
