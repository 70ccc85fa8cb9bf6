// The rules page, #/rules/{game}[?preset=NAME|?rules=JSON][#anchor]: the game's rulebook
// (GET /api/rules/{game}: the numbers under the table's rules in force), its sections with
// anchors (#about … #options), example cards as pictures each named in a caption (phones have
// no hover), tables that scroll sideways with a visible hint, and the glossary
// (GET /api/glossary/{game}, #glossary) with an anchor per term (#term-…). The page names no
// game: the server's words and the game's card pictures are all it shows.
import { cardEl, cardName, cardSet, loadCards } from "./cards.js";
import { getLang, t } from "./i18n.js";
import { api, h } from "./util.js";

let shown = null; // {keys, root}: the page on screen, so that an anchor only scrolls

/** An anchor id for a glossary term: "term-" and the term without diacritics. */
export function termAnchor(term) {
  const plain = String(term).normalize("NFD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, "d").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return `term-${plain || "x"}`;
}

/** The rules page's address for `game`, at `anchor` (a section id, "glossary" or a term),
 * under a room's `rules` (its JSON options) when given. */
export function rulesHref(game, anchor, rules) {
  const query = rules ? `?rules=${encodeURIComponent(JSON.stringify(rules))}` : "";
  return `#/rules/${encodeURIComponent(game)}${query}${anchor ? `#${encodeURIComponent(anchor)}` : ""}`;
}

function parse(rest) {
  const [path, ...anchors] = rest.split("#");
  const [game, query = ""] = path.split("?");
  return { game: decodeURIComponent(game), query: new URLSearchParams(query), anchor: decodeURIComponent(anchors.join("#")) };
}

function scrollTo(root, anchor) {
  if (!anchor) { window.scrollTo(0, 0); return; }
  let el = root.querySelector(`[id="${CSS.escape(anchor)}"]`)
    || root.querySelector(`[id="${CSS.escape(termAnchor(anchor))}"]`);
  if (!el) {
    const key = anchor.toLowerCase();
    el = [...root.querySelectorAll("[data-term]")].find((e) => e.dataset.term.toLowerCase() === key
      || (e.dataset.aliases || "").toLowerCase().split("|").includes(key)) || null;
  }
  if (el) {
    el.scrollIntoView({ block: "start" });
    if (el.matches(".term")) { el.classList.add("flash"); setTimeout(() => el.classList.remove("flash"), 1600); }
  }
}

/** Cards as pictures, each with its name as a visible caption (also the lessons'). */
export function namedCards(game, codes, names) {
  return h("div", { class: "named-cards" }, codes.map((code) => {
    const name = (names && names[code]) || cardName(game, code);
    return h("figure", { class: "named-card", "data-card": code }, cardEl(game, code),
      h("figcaption", { text: name }));
  }));
}

/** A table in a box that scrolls sideways, and a hint shown only when it is wider. */
function scrollingTable(columns, rows) {
  const hint = h("p", { class: "scroll-hint", hidden: true, "aria-hidden": "true", text: t("scrollHint") });
  const table = h("table", { class: "rules-table" },
    h("thead", null, h("tr", null, columns.map((c) => h("th", { scope: "col", text: c })))),
    h("tbody", null, rows.map((r) => h("tr", { "data-row": r.id },
      h("th", { scope: "row", class: "term-cell", text: r.term }),
      h("td", { class: "value", text: r.value }),
      h("td", { text: r.text })))));
  const box = h("div", { class: "table-scroll", tabindex: "0" }, table);
  const check = () => { hint.hidden = box.scrollWidth <= box.clientWidth + 1; };
  const watch = new ResizeObserver(check); // the screen turned, the text enlarged, fonts came
  watch.observe(box);
  watch.observe(table);
  return [hint, box];
}

function section(game, s, names, link) {
  const columns = s.columns && s.columns.some(Boolean) ? s.columns : [t("ruleName"), t("ruleValue"), t("ruleWhat")];
  return h("section", { class: "panel rules-section", id: s.id, "data-section": s.id },
    h("h2", null, h("a", { class: "anchor", href: link(s.id), "aria-hidden": "true", tabindex: "-1" }, "#"), ` ${s.title}`),
    (s.paragraphs || []).map((p) => h("p", { text: p })),
    (s.examples || []).map((e) => h("div", { class: "rules-example", "data-claim": e.claim || null },
      namedCards(game, e.cards, names),
      e.caption ? h("p", { class: "caption", text: e.caption }) : null)),
    s.rows && s.rows.length ? scrollingTable(columns, s.rows) : null);
}

function glossary(game, entries, link) {
  const used = new Set();
  return h("section", { class: "panel rules-section glossary", id: "glossary", "data-section": "glossary" },
    h("h2", null, h("a", { class: "anchor", href: link("glossary"), "aria-hidden": "true", tabindex: "-1" }, "#"), ` ${t("glossary")}`),
    entries.length ? h("dl", { class: "terms" }, entries.map((e) => {
      let id = termAnchor(e.term);
      for (let i = 2; used.has(id); i++) id = `${termAnchor(e.term)}-${i}`;
      used.add(id);
      return h("div", { class: "term", id, "data-term": e.term, "data-aliases": (e.aliases || []).join("|") },
        h("dt", null, h("a", { href: link(id), text: e.term })),
        h("dd", null, h("p", { text: e.text }), e.cards && e.cards.length ? namedCards(game, e.cards, null) : null));
    })) : h("p", { class: "muted", text: t("noGlossary") }));
}

/** Show the rules page; `rest` is the route after "#/rules/" ("chan", "chan#glossary"…). */
export async function showRules(main, rest) {
  const { game, query, anchor } = parse(rest);
  const params = new URLSearchParams({ lang: getLang() });
  if (query.get("preset")) params.set("preset", query.get("preset"));
  if (query.get("rules")) params.set("rules", query.get("rules"));
  const key = `${game}?${params}`;
  if (shown && shown.keys.has(key) && main.contains(shown.root)) { scrollTo(shown.root, anchor); return; }
  main.replaceChildren(h("p", { class: "muted", text: t("loading") }));
  const [book, words] = await Promise.all([
    api("GET", `/api/rules/${encodeURIComponent(game)}?${params}`),
    api("GET", `/api/glossary/${encodeURIComponent(game)}?lang=${getLang()}`).catch(() => ({ entries: [] })),
    loadCards(game).catch(() => null),
  ]);
  const set = cardSet(book.game);
  const sections = book.sections || [];
  const own = new URLSearchParams();
  for (const k of ["preset", "rules"]) if (query.get(k)) own.set(k, query.get(k));
  const prefix = `#/rules/${encodeURIComponent(book.game)}${own.toString() ? `?${own}` : ""}`;
  const link = (a) => `${prefix}#${encodeURIComponent(a)}`;
  const root = h("article", { class: "rules-page", "data-game": book.game, "data-testid": "rules-page" },
    h("h1", null, `${t("rulesOf")} ${book.title}`),
    h("p", null, h("a", { class: "button small", "data-testid": "learn-link", href: `#/learn/${encodeURIComponent(book.game)}`, text: `${t("learn")} ▶` })),
    query.get("rules") || query.get("preset") ? h("p", { class: "muted", text: t("rulesInForce") }) : null,
    h("nav", { class: "rules-toc", "aria-label": t("contents") },
      sections.map((s) => h("a", { class: "pill", href: link(s.id), text: s.title })),
      h("a", { class: "pill", href: link("glossary"), text: t("glossary") })),
    sections.map((s) => section(book.game, s, book.names || {}, link)),
    glossary(book.game, words.entries || [], link),
    book.sources && book.sources.length ? h("details", { class: "sources muted" },
      h("summary", { text: t("sources") }), h("ul", null, book.sources.map((src) => h("li", { text: src })))) : null);
  if (set) root.style.setProperty("--ratio", String(set.ratio));
  main.replaceChildren(root);
  shown = { keys: new Set([key, `${book.game}?${params}`]), root };
  requestAnimationFrame(() => scrollTo(root, anchor));
}
