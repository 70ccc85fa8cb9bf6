// Cards as SVG made by chieu (/web/cards/{game}.json): each card's SVG becomes a <symbol> in
// one hidden sprite, and every card on the table is an inline <svg> that <use>s it — the
// markup is parsed once, a push only places light nodes.
import { getLang } from "./i18n.js";

// "img" (set by hand in localStorage): each card an <img> of its SVG instead of an inline <svg>
const IMG = localStorage.getItem("chieu.cardMode") === "img";
const SKIP = new Set(["viewBox", "width", "height", "role", "id", "class", "style", "aria-label", "aria-hidden", "version"]);
const sets = new Map(); // game -> {order, names, ratio, ids}
let sprite = null;

function spriteRoot() {
  if (!sprite) {
    sprite = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    sprite.setAttribute("aria-hidden", "true");
    sprite.style.cssText = "position:absolute;width:0;height:0;overflow:hidden"; // CSSOM (CSP)
    document.body.prepend(sprite);
  }
  return sprite;
}

function safeId(game, code) {
  return `k-${game}-${[...code].map((c) => (/[A-Za-z0-9]/.test(c) ? c : `_${c.codePointAt(0)}`)).join("")}`;
}

/** Fetch and install a game's cards (once). */
export async function loadCards(game) {
  if (sets.has(game)) return sets.get(game);
  const res = await fetch(`/web/cards/${encodeURIComponent(game)}.json`);
  const data = await res.json();
  const root = spriteRoot();
  const parser = new DOMParser();
  const ids = {};
  let ratio = 1.4;
  for (const [code, markup] of Object.entries(data.cards || {})) {
    const doc = parser.parseFromString(markup, "image/svg+xml");
    const svg = doc.documentElement;
    if (!svg || svg.nodeName.toLowerCase() !== "svg") continue;
    const symbol = document.createElementNS("http://www.w3.org/2000/svg", "symbol");
    let vb = svg.getAttribute("viewBox");
    if (!vb) {
      const w = parseFloat(svg.getAttribute("width")) || 60;
      const hh = parseFloat(svg.getAttribute("height")) || 84;
      vb = `0 0 ${w} ${hh}`;
    }
    symbol.setAttribute("viewBox", vb);
    const id = safeId(game, code);
    symbol.id = id;
    // ids inside one card (gradients, clip paths) are made unique to the card
    const inner = svg.querySelectorAll("[id]");
    let body = svg.innerHTML;
    inner.forEach((node) => {
      const old = node.id;
      const fresh = `${id}-${old}`;
      body = body.split(`"${old}"`).join(`"${fresh}"`).split(`#${old})`).join(`#${fresh})`)
        .split(`"#${old}"`).join(`"#${fresh}"`);
    });
    // the root's presentation attributes (font-family, fill…) go on a group inside
    const keep = [...svg.attributes].filter((a) => !SKIP.has(a.name) && !a.name.startsWith("data-") && !a.name.startsWith("xmlns"));
    if (keep.length) {
      const attrs = keep.map((a) => `${a.name}="${a.value.replace(/"/g, "&quot;")}"`).join(" ");
      body = `<g ${attrs}>${body}</g>`;
    }
    symbol.innerHTML = body;
    root.append(symbol);
    ids[code] = { id, vb, url: IMG ? URL.createObjectURL(new Blob([markup], { type: "image/svg+xml" })) : "" };
    if (code === "back") {
      const p = vb.split(/[\s,]+/).map(Number);
      if (p.length === 4 && p[2] > 0) ratio = p[3] / p[2];
    }
  }
  const set = { order: data.order || [], names: data.names || {}, ratio, ids };
  set.rank = new Map(set.order.map((c, i) => [c, i]));
  sets.set(game, set);
  return set;
}

export function cardSet(game) { return sets.get(game); }

/** The card's full name in the page language ("Nhị vạn"). */
export function cardName(game, code) {
  const set = sets.get(game);
  const names = set && set.names[getLang()];
  return (names && names[code]) || code;
}

// "codes": the table writes cards by their codes (4S, 1W…) instead of their names; a setting
// of the page (the table's header), kept in localStorage
const CODES_KEY = "chieu.cardCodes";
export function showCodes() { return localStorage.getItem(CODES_KEY) === "1"; }
export function setShowCodes(on) {
  if (on) localStorage.setItem(CODES_KEY, "1");
  else localStorage.removeItem(CODES_KEY);
}

// a card's code as the game's words write it: two or three letters and digits, with a digit
// or in capitals ("4S", "1W", "CC", "5p", "MA"), a whole word
const CODE = /(?<![\p{L}\p{N}_])[A-Za-z0-9]{2,3}(?![\p{L}\p{N}_])/gu;

/** `text` (a game's words) with each card code in it written as the card's name ("ăn cạ 4S
 * với 4V" → "ăn cạ tứ sách với tứ vạn"); as it is when the page shows codes. */
export function namedText(game, text) {
  if (text === null || text === undefined || showCodes()) return text;
  const set = sets.get(game);
  const names = set && set.names[getLang()];
  if (!names) return text;
  return String(text).replace(CODE, (w) => {
    if (!/\d/.test(w) && w !== w.toUpperCase()) return w;
    const name = w !== "back" && set.rank.has(w) ? names[w] : null;
    return name || w;
  });
}

/** An action's words for a button: the cards named (or, with codes shown, the codes it moves
 * when its words carry none: "đánh Nhị Vạn (2m)"). */
export function actionText(game, action) {
  const label = action.label || "";
  if (!showCodes()) return namedText(game, label);
  const codes = action.cards || [];
  const said = codes.length && codes.every((c) => new RegExp(`(?<![\\p{L}\\p{N}])${c.replace(/[^A-Za-z0-9]/g, "")}(?![\\p{L}\\p{N}])`, "u").test(label));
  return codes.length && !said ? `${label} (${codes.join(" ")})` : label;
}

const NS = "http://www.w3.org/2000/svg";

/** One card element: face up with data-card (code given), else face down (no data-card). */
export function cardEl(game, code, extraClass) {
  const set = sets.get(game);
  const el = document.createElement("span");
  el.className = extraClass ? `card ${extraClass}` : "card";
  const key = code ? code : "back";
  const entry = set && set.ids[key];
  if (code) {
    el.dataset.card = code;
    const name = cardName(game, code);
    el.title = name;
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", name);
  } else {
    el.classList.add("back");
    el.setAttribute("aria-hidden", "true");
  }
  if (entry && IMG) {
    const img = document.createElement("img");
    img.src = entry.url;
    img.alt = "";
    img.draggable = false;
    el.append(img);
  } else if (entry) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", entry.vb);
    svg.setAttribute("aria-hidden", "true");
    const use = document.createElementNS(NS, "use");
    use.setAttribute("href", `#${entry.id}`);
    svg.append(use);
    el.append(svg);
  } else {
    el.classList.add("text-card");
    el.textContent = code || "";
  }
  return el;
}
