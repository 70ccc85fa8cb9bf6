// Small helpers: a DOM builder, the HTTP client, the saved session and settings.
import { msg, t } from "./i18n.js";

/** h("button", {class: "x", onclick: f, "data-x": 1}, "text", child...) */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k === "html") el.innerHTML = v;
      else if (k === "style") el.style.cssText = String(v); // CSSOM: allowed by the page's CSP
      else if (k in el && typeof v !== "string" && k !== "list") el[k] = v;
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export const session = {
  get token() { return localStorage.getItem("chieu.token") || ""; },
  set token(v) { if (v) localStorage.setItem("chieu.token", v); else localStorage.removeItem("chieu.token"); },
  player: null,
};

const defaults = { muted: false, bigText: false, bigCards: false };
export const settings = Object.assign({}, defaults, JSON.parse(localStorage.getItem("chieu.settings") || "{}"));
export function saveSettings() {
  localStorage.setItem("chieu.settings", JSON.stringify(settings));
  applySettings();
}
export function applySettings() {
  document.documentElement.classList.toggle("big-text", !!settings.bigText);
  document.documentElement.classList.toggle("big-cards", !!settings.bigCards);
}

export class ApiError extends Error {
  constructor(status, code, message, retryAfter = 0) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter; // seconds (Retry-After of a 429 or a 503), 0 when not said
  }
}

const RENEW_EVERY = 60 * 60 * 1000; // ms: a session lasts 24 h from its last renewal
let renewTimer = 0;
/** Renew the session now and every hour while the page is open (docs/protocol.md): a
 * fresh token, the session's expiry moved to 24 h from now. False if it is gone (401). */
export async function renewSession() {
  clearTimeout(renewTimer);
  renewTimer = 0;
  if (!session.token) return false;
  try {
    const res = await api("POST", "/api/session/renew", {});
    session.token = res.token;
    session.player = res.player;
  } catch (e) {
    if (e.status === 401) { session.token = ""; session.player = null; return false; }
    keepSessionAlive();
    return true; // offline: the token may still be good
  }
  keepSessionAlive();
  return true;
}

/** Renew the session in an hour, unless a renewal is already due. */
export function keepSessionAlive() {
  if (!renewTimer && session.token) renewTimer = setTimeout(renewSession, RENEW_EVERY);
}

/** Sign out: the session is revoked on the server and forgotten here. */
export async function signOut() {
  try { await api("POST", "/api/logout", {}); } catch (e) { /* gone already */ }
  clearTimeout(renewTimer);
  renewTimer = 0;
  session.token = "";
  session.player = null;
}

/** A JSON call to the server; ApiError with the server's words on failure. */
export async function api(method, path, body) {
  const headers = {};
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, "network", t("offline"));
  }
  const type = res.headers.get("content-type") || "";
  if (!res.ok) {
    let data = null;
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    const err = data && data.error;
    const retryAfter = Number(res.headers.get("retry-after")) || (err && Number(err.retry_after)) || 0;
    throw new ApiError(res.status, err ? err.code : "http", err ? msg(err.message) : `HTTP ${res.status}`, retryAfter);
  }
  if (type.includes("json")) return res.json();
  return res.text();
}

let toastTimer = 0;
/** A short message at the bottom of the screen. */
export function toast(text, kind = "info") {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = text;
  el.className = `toast show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.className = "toast"; }, 4000);
}

/** A person's name as shown: a guest's carries "(khách)" / "(guest)" wherever it shows. */
export function personName(player) {
  if (!player) return "";
  return player.guest ? `${player.name} (${t("guestMark")})` : player.name;
}

/** The person (an index into room.seats) at table seat `seat` of the deal on the table: the
 * same index unless the hội has more people than seats (room.seating, docs/protocol.md). */
export function personAt(room, seat) {
  const at = room && room.seating ? room.seating[seat] : undefined;
  return at === undefined || at === null ? seat : at;
}

export function seatName(room, seat, viewer) {
  if (seat === viewer && viewer !== null && viewer !== undefined) return t("you");
  return personLabel(room, personAt(room, seat));
}

/** The name of the person at room seat `p` (a bot's: "Người N (máy Vừa)" with its level, as
 * the game's own words name a seat). */
export function personLabel(room, p) {
  const s = room && room.seats && room.seats[p];
  if (s && s.player) return personName(s.player);
  if (s && s.bot) {
    const level = t(`lv_${s.bot}`);
    const said = level === `lv_${s.bot}` ? "" : ` ${level}`;
    return `${t("player")} ${p + 1} (${t("bot").toLowerCase()}${said})`;
  }
  return `${t("player")} ${p + 1}`;
}

/** The people of the room who sit out the deal on the table (room.seating: a hội of more
 * people than seats), in the room's order. */
export function benched(room) {
  if (!room || !room.seating || !room.seats) return [];
  return room.seats.map((_, p) => p).filter((p) => !room.seating.includes(p));
}

/** A game's words with its seats named as at the table: "Người 3" / "Player 3" becomes the
 * name of the person in seat 2 (the viewer's own seat already says "Bạn" / "You"; a bot's
 * seat keeps the game's words). */
export function withNames(text, room, viewer) {
  if (!text || !room || !room.seats) return text;
  return String(text).replace(/(?<![\p{L}\p{N}])(Người|Player) (\d+)(?!\d)/gu, (all, word, n) => {
    const seat = Number(n) - 1;
    const p = personAt(room, seat);
    const s = room.seats[p];
    if (seat === viewer || !s) return all;
    if (!s.player) return p === seat ? all : `${word} ${p + 1}`; // a bot: its person's number
    return personName(s.player);
  });
}

// the lobby's menu of games (GET /api/games): each game's options, presets and details in
// words; asked once per page
let menu = null;
let menuAsked = null;
/** Every game of the menu (asked once). */
export async function gamesMenu() {
  if (!menu) {
    if (!menuAsked) menuAsked = api("GET", "/api/games").then((r) => { menu = r.games; return menu; }, (e) => { menuAsked = null; throw e; });
    return menuAsked;
  }
  return menu;
}
/** The game `name` of the menu when it has come, else null (and `then()` once it comes). */
let menuWaiting = false;
export function gameInfo(name, then) {
  if (menu) return menu.find((g) => g.name === name) || null;
  if (!menuWaiting) {
    menuWaiting = true;
    gamesMenu().then(() => { if (then) then(); }, () => { menuWaiting = false; });
  }
  return null;
}

export function fmt(n) {
  if (typeof n !== "number") return String(n ?? "");
  const r = Math.round(n * 100) / 100;
  return (r > 0 ? "+" : "") + String(r === 0 ? 0 : r);
}

// A private room's code as the person gave it (joining by code in the lobby): the table page
// joins, watches and reads the room with it (docs/protocol.md). Kept for the tab's life.
export function roomCode(roomId) {
  return sessionStorage.getItem(`chieu.code.${roomId}`) || "";
}
export function keepRoomCode(roomId, code) {
  if (code) sessionStorage.setItem(`chieu.code.${roomId}`, code);
}
/** "?code=..." for the read endpoints of a room whose code the person gave, else "". */
export function codeQuery(roomId) {
  const code = roomCode(roomId);
  return code ? `?code=${encodeURIComponent(code)}` : "";
}
