// The table explains its words: the game's glossary (GET /api/glossary/{game}?lang=), loaded
// once per game and language; words matched as the server's Glossary.lookup does (NFC, case
// folded, spaces collapsed, diacritics kept: "an" is not "ăn"); each term shown wrapped in a
// [data-term] element that opens its entry in a small dialog (closed by a tap outside,
// Escape or its ✕), and a fault's reason and penalty in words.
import { cardEl } from "./cards.js";
import { t } from "./i18n.js";
import { api, h } from "./util.js";

/** How words are compared (core.glossary.word_key). */
export function wordKey(word) {
  return String(word).normalize("NFC").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
}

// words too common to mark inside a longer text (a seat's name, "Bạn"): looked up whole only
const QUIET = new Set(["bạn", "you", "người", "player", "seat", "tay", "hand", "end", "game", "deal"]);
const WORD = /[\p{L}\p{M}\p{N}_]+/gu;

export class Glossary {
  constructor(entries) {
    this.entries = entries;
    this.words = new Map();
    this.longest = 1;
    const add = (word, entry) => {
      const key = wordKey(word);
      if (!key || this.words.has(key)) return;
      this.words.set(key, entry);
      this.longest = Math.min(6, Math.max(this.longest, key.split(" ").length));
    };
    for (const e of entries) add(e.term, e); // a term before any alias, as lookup() does
    for (const e of entries) for (const a of e.aliases || []) add(a, e);
  }

  /** The entry whose term or alias is `word`, else null. */
  lookup(word) {
    return word ? this.words.get(wordKey(word)) || null : null;
  }

  /** `text` as strings and term elements: left to right, the longest glossary word (whole
   * words, separated by spaces only) first. */
  split(text) {
    const s = String(text ?? "");
    const whole = this.lookup(s);
    if (whole) return [termEl(whole, s)];
    const words = [...s.matchAll(WORD)].map((m) => ({ at: m.index, end: m.index + m[0].length, w: m[0] }));
    const out = [];
    let pos = 0;
    for (let i = 0; i < words.length; i++) {
      for (let j = Math.min(words.length, i + this.longest); j > i; j--) {
        const span = words.slice(i, j);
        if (span.some((x, k) => k && !/^\s+$/.test(s.slice(span[k - 1].end, x.at)))) continue;
        const key = wordKey(span.map((x) => x.w).join(" "));
        if (/^\d+$/.test(key) || (j === i + 1 && QUIET.has(key))) continue;
        const entry = this.words.get(key);
        if (!entry) continue;
        const from = span[0].at;
        const to = span[span.length - 1].end;
        if (from > pos) out.push(s.slice(pos, from));
        out.push(termEl(entry, s.slice(from, to)));
        pos = to;
        i = j - 1;
        break;
      }
    }
    if (pos < s.length) out.push(s.slice(pos));
    return out;
  }
}

const loaded = new Map(); // "game|lang" → Glossary, or null when the game has none
const loading = new Map();

/** The glossary of `game` in `lang` when loaded; else null, and the first caller's `then()`
 * is called once it arrives (loaded once per game and language; a failed load is not
 * asked again: the words stay plain). */
export function glossaryFor(game, lang, then) {
  const key = `${game}|${lang}`;
  if (loaded.has(key)) return loaded.get(key);
  if (!loading.has(key)) {
    const query = `/api/glossary/${encodeURIComponent(game)}?lang=${lang === "en" ? "en" : "vi"}`;
    const done = api("GET", query).then(
      (data) => { loaded.set(key, new Glossary(data.entries || [])); },
      () => { loaded.set(key, null); });
    loading.set(key, done);
    done.then(() => { if (then && loaded.get(key)) then(); });
  }
  return null;
}

/** `shown` as a tappable term opening `entry`. */
export function termEl(entry, shown) {
  return h("span", {
    class: "term", "data-term": entry.term, role: "button", tabindex: "0", "aria-haspopup": "dialog",
  }, shown ?? entry.term);
}

/** `text` with its glossary words tappable (plain text without a glossary). */
export function termify(gloss, text) {
  if (text === null || text === undefined || text === "") return [];
  return gloss ? gloss.split(text) : [String(text)];
}

// -- the entry's dialog -------------------------------------------------------------------------
let openBox = null;

export function closeEntry() {
  if (!openBox) return;
  const { box, trigger, off } = openBox;
  openBox = null;
  off();
  box.remove();
  if (trigger && trigger.isConnected) trigger.focus({ preventScroll: true });
}

/** Open `entry` (the game's cards drawn for its examples) beside the page; one at a time. */
export function openEntry(entry, game, trigger) {
  closeEntry();
  const title = `term-title-${Math.random().toString(36).slice(2, 8)}`;
  const box = h("div", {
    class: "term-pop", role: "dialog", "aria-modal": "false", "aria-labelledby": title,
    "data-testid": "term-entry", "data-entry": entry.term, tabindex: "-1",
  },
  h("div", { class: "term-head" },
    h("strong", { id: title, text: entry.term }),
    h("button", { class: "chip", "data-testid": "term-close", "aria-label": t("close"), onclick: () => closeEntry() }, "✕")),
  h("p", { class: "term-text", text: entry.text }),
  entry.cards && entry.cards.length
    ? h("div", { class: "cards term-cards" }, entry.cards.map((c) => cardEl(game, c, "sm"))) : null);
  const onDown = (e) => { if (!box.contains(e.target) && !(e.target.closest && e.target.closest("[data-term]"))) closeEntry(); };
  const onKey = (e) => {
    if (e.key === "Escape") { e.stopPropagation(); e.preventDefault(); closeEntry(); }
  };
  document.addEventListener("pointerdown", onDown, true);
  window.addEventListener("keydown", onKey, true);
  openBox = {
    box, trigger,
    off: () => { document.removeEventListener("pointerdown", onDown, true); window.removeEventListener("keydown", onKey, true); },
  };
  document.body.append(box);
  box.focus({ preventScroll: true });
}

/** Taps and Enter/Space on any [data-term] under `root` open its entry in `gloss()`. */
export function wireTerms(root, gloss, game) {
  const open = (el) => {
    const g = gloss();
    const entry = g && g.lookup(el.dataset.term);
    if (entry) openEntry(entry, game(), el);
  };
  root.addEventListener("click", (e) => {
    const el = e.target.closest && e.target.closest("[data-term]");
    if (!el || !root.contains(el)) return;
    e.preventDefault();
    e.stopPropagation();
    open(el);
  });
  root.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const el = e.target.closest && e.target.closest("[data-term]");
    if (!el) return;
    e.preventDefault();
    e.stopPropagation();
    open(el);
  });
}

// -- faults in words ----------------------------------------------------------------------------
/** A fault's reason and penalty as text (the glossary's words): `fault` = {id, name, penalty?};
 * `labels`: the actions that commit it (shown after its name), or none. */
export function faultNote(gloss, fault, labels = []) {
  const entry = gloss && (gloss.lookup(fault.name) || gloss.lookup(fault.id));
  const penalty = gloss && fault.penalty ? gloss.lookup(fault.penalty) : null;
  const name = fault.name || (entry ? entry.term : "");
  return h("div", { class: "fault-note", "data-testid": "fault-reason", "data-fault": fault.id },
    h("strong", { class: "warn" }, "⚠ ", entry ? termEl(entry, name) : name),
    labels.length ? h("span", { class: "fault-acts", text: ` (${labels.join(", ")})` }) : null,
    entry ? h("span", { class: "fault-why", text: `: ${entry.text}` }) : null,
    penalty ? h("span", { class: "fault-penalty", "data-testid": "fault-penalty" },
      h("strong", { text: ` ${t("penalty")}: ` }), termEl(penalty, penalty.term), ` — ${penalty.text}`) : null);
}

/** Under a decision's buttons: each fault its actions commit, why and its penalty, in words
 * (the actions named), then the glossary's words its actions use, each tappable. */
export function decisionWords(gloss, d) {
  const faults = new Map();
  for (const a of d.actions) {
    if (!a.fault) continue;
    const f = faults.get(a.fault.id) || { fault: a.fault, labels: [] };
    f.labels.push(a.label);
    faults.set(a.fault.id, f);
  }
  const notes = [...faults.values()].map((f) => faultNote(gloss, f.fault, f.labels.length > 4 ? [...f.labels.slice(0, 4), "…"] : f.labels));
  const seen = new Set();
  const words = [];
  if (gloss) {
    for (const a of d.actions) {
      const found = gloss.split(a.label).filter((x) => x instanceof Element).map((x) => gloss.lookup(x.dataset.term));
      for (const e of [gloss.lookup(a.verb), ...found]) {
        if (e && !seen.has(e.term) && words.length < 8) { seen.add(e.term); words.push(e); }
      }
    }
  }
  return [
    notes.length ? h("div", { class: "fault-notes" }, notes) : null,
    words.length ? h("p", { class: "act-words" }, `${t("wordsHere")}: `,
      words.flatMap((e, i) => (i ? [" · ", termEl(e)] : [termEl(e)]))) : null,
  ];
}
