// The end of a game on the table (board.js): the result explained (core/explain.py: hands
// grouped, cước with points, the arithmetic, payments with reasons, or why nobody won), the
// payoffs, the record and the coach; and "Chi tiết", each fact of the view's `extra` in words.
import { cardEl, cardName, namedText, showCodes } from "./cards.js";
import { reviewBox } from "./coach.js";
import { msg, t } from "./i18n.js";
import { recordButton, sealedLine } from "./record.js";
import { termEl, termify } from "./terms.js";
import { fmt, h, personAt } from "./util.js";

const TERMINATION = {
  win: ["Có người ù", "Someone won"],
  no_winner: ["Hết bài, không ai ù", "No winner: the stock ran out"],
  fault: ["Dừng vì lỗi", "Stopped on a fault"],
};

export function termText(id, lang) {
  const w = TERMINATION[id];
  return w ? w[lang === "en" ? 1 : 0] : id;
}

export function outcomePanel(board, v, room, names) {
  const o = v.outcome;
  const lang = v.lang;
  const x = o.explain || null;
  // the end explained (core/explain.py): hands grouped, cước with points, the arithmetic,
  // payments with reasons, or why nobody won and how far each hand was
  const gloss = board.gloss;
  // a word of the result: tappable when the glossary has it (as on the rest of the table)
  const term = (word, text) => {
    const entry = gloss && gloss.lookup(word);
    return entry ? termEl(entry, text ?? word) : h("span", { class: "term", "data-term": word, text: text ?? word });
  };
  const words = (text) => termify(gloss, text);
  const plain = (n) => String(Math.round(n * 100) / 100);
  const handCards = (hand) => {
    const box = h("div", { class: "cards sm" });
    for (const g of hand.groups) {
      const grp = h("span", { class: `group kind-${g.kind}`, "data-group": g.kind });
      for (const c of g.cards) grp.append(cardEl(v.game, c, "sm"));
      if (g.label) grp.append(h("span", { class: "glabel" }, term(g.label)));
      box.append(grp);
    }
    if (hand.loose === null) box.append(h("span", { class: "muted", text: t("xHidden") }));
    else if (hand.loose.length) {
      const grp = h("span", { class: "group kind-loose", "data-group": "loose" });
      for (const c of hand.loose) grp.append(cardEl(v.game, c, "sm"));
      box.append(grp);
    }
    return box;
  };
  const explainEl = x ? h("section", { class: "explain", "data-testid": "result-explain" },
    o.winner !== null && o.winner !== undefined ? h("p", { class: "xheadline" }, words(x.headline)) : null,
    x.hands.length ? h("div", { class: "xhands" }, x.hands.map((hd) => h("div", { class: "xhand", "data-seat": hd.seat },
      h("div", { class: "xwho" }, h("strong", { text: names[hd.seat] ?? "" }), hd.note ? [" · ", ...words(hd.note)] : ""),
      handCards(hd)))) : null,
    x.items.length ? h("div", { class: "xitems" }, h("h3", { text: t("xItems") }),
      h("ul", { class: "cuoc" }, x.items.map((it) => h("li", { "data-cuoc": it.id, "data-points": String(it.points) },
        term(it.term), it.count > 1 ? ` ×${it.count}` : "",
        h("span", { class: "pts num", text: `${fmt(it.points)} ${x.unit}` })))),
      h("p", { class: "xtotal" }, `${t("total")}: `,
        h("strong", { "data-testid": "explain-total", "data-total": String(x.total), text: plain(x.total) }), ` ${x.unit}`),
      x.arithmetic ? h("p", { class: "xarith", "data-testid": "explain-arithmetic" }, words(x.arithmetic)) : null) : null,
    x.no_winner ? h("div", { class: "xnowin", "data-testid": "explain-no-winner" },
      h("p", null, term(x.no_winner.term, t("xWhy")), ": ", words(x.no_winner.why)),
      h("h3", { text: t("xDistance") }),
      h("ul", { class: "xdist" }, x.no_winner.distances.map((d) => h("li", { "data-seat": d.seat, "data-distance": d.distance === null ? "" : String(d.distance) },
        h("strong", { text: names[d.seat] ?? "" }), ": ", words(d.text))))) : null,
    x.payments.length ? h("div", { class: "xpay" }, h("h3", { text: t("xPayments") }),
      h("ul", { class: "xpayments" }, x.payments.map((p) => h("li", { "data-reason": p.reason },
        h("strong", { text: names[p.payer] ?? "" }), ` → ${names[p.payee] ?? ""}: `,
        h("span", { class: "num", text: plain(p.amount) }), " · ", term(p.reason_term),
        p.reason_text ? [" — ", ...words(p.reason_text)] : "")))) : h("p", { class: "muted", text: t("xNobodyPays") }),
    x.notes.length ? h("ul", { class: "xnotes" }, x.notes.map((n) => h("li", null, words(namedText(v.game, n))))) : null) : null;
  const rows = (o.payoffs || []).map((p, s) => h("tr", { class: s === o.winner ? "winner" : "" },
    h("td", null, s === o.winner ? "★ " : "", names[s]),
    h("td", { class: "num", text: fmt(p) }),
    room.totals ? h("td", { class: "num", text: fmt(room.totals[personAt(room, s)] ?? 0) }) : null));
  const panel = h("section", { class: "outcome", "data-testid": "outcome", role: "status" },
    h("h2", null, t("outcome"), ": ",
      o.winner !== null && o.winner !== undefined ? `${names[o.winner]} ${t("winnerIs")}` : words(x ? x.headline : termText(o.termination, lang))),
    x ? explainEl : h("p", { class: "muted" },
      o.winner !== null && o.winner !== undefined ? `${t("termination")}: ${termText(o.termination, lang)}` : "",
      o.score !== null && o.score !== undefined ? ` · ${t("score")}: ${o.score}` : ""),
    !x && o.patterns && o.patterns.length ? h("div", null, h("h3", { text: t("patterns") }),
      h("ul", { class: "patterns" }, o.patterns.map((p) => h("li", null, term(p.name || p.id), p.count && p.count > 1 ? ` × ${p.count}` : "")))) : null,
    !x && o.faults && o.faults.length ? h("div", null, h("h3", { text: t("faults") }),
      h("ul", { class: "faults" }, o.faults.map((f) => h("li", null, h("strong", null, "⚠ ", term(f.name || f.id)),
        ` — ${names[f.seat] ?? ""}`, f.explanation ? [": ", ...words(namedText(v.game, f.explanation))] : "")))) : null,
    h("table", { class: "payoffs" },
      h("thead", null, h("tr", null, h("th", { text: "" }), h("th", { text: t("points") }), room.totals ? h("th", null, term("điểm hội", t("scores"))) : null)),
      h("tbody", null, rows)),
    sealedLine(board.m && board.m.commitment));
  if (!board.opts.readOnly) {
    const tools = h("div", { class: "outcome-tools" });
    if (room.id) tools.append(h("a", { class: "button", href: `#/sheet/${room.id}` }, t("sheet")));
    if (board.m && board.m.game_id && room.status !== "playing") tools.append(h("a", { class: "button", href: `#/replay/${board.m.game_id}` }, t("replay")));
    if (board.m && board.m.commitment && room.status !== "playing") tools.append(recordButton(board.m.game_id, v.game));
    panel.append(tools);
    // the coach (coach.js): "Phân tích ván" once the game is over
    if (board.m && board.m.game_id && room.status !== "playing") panel.append(reviewBox({ gameId: board.m.game_id, names, game: v.game }));
  }
  return panel;
}

export function extraPanel(v, names, info, gloss) {
  const x = v.extra || {};
  const out = [];
  if (x.unseen && typeof x.unseen === "object") {
    const items = Object.entries(x.unseen).filter(([, n]) => n > 0);
    out.push(h("section", { class: "panel" }, h("h3", { text: t("unseen") }),
      h("div", { class: "unseen" }, items.map(([c, n]) => h("span", { class: "u" }, cardEl(v.game, c, "xs"), `×${n}`)))));
  }
  const simple = Object.entries(x).filter(([k, val]) => k !== "unseen" && val !== null && (typeof val !== "object" || (Array.isArray(val) && val.length && val.every((e) => typeof e !== "object"))));
  // each key in words (the game's detail_words): "Nhà cái: Bà Nội", never "dealer 2"
  const words = (info && info.details) || {};
  const shown = info ? simple.filter(([k]) => words[k] && words[k].kind !== "hidden") : [];
  if (shown.length) {
    out.push(h("details", { class: "panel", "data-testid": "details" }, h("summary", { text: t("details") }),
      h("dl", { class: "kv" }, shown.map(([k, val]) => [
        h("dt", { "data-key": k }, termify(gloss, msg(words[k].label))),
        h("dd", null, detailValue(v, words[k], val, names))]))));
  }
  return out;
}

/** One fact of `extra` in words, by its kind (core/details.py). */
function detailValue(v, word, val, names) {
  const seat = (s) => (typeof s === "number" && names[s] !== undefined ? names[s] : String(s));
  const number = (n) => (typeof n === "number" ? String(Math.round(n * 100) / 100) : String(n));
  switch (word.kind) {
    case "bool": return val ? t("yes") : t("no");
    case "card": return [cardEl(v.game, String(val), "xs"), ` ${showCodes() ? val : cardName(v.game, String(val))}`];
    case "seat": return seat(val);
    case "seats": return Array.isArray(val) ? val.map(seat).join(", ") : seat(val);
    case "per_seat": return Array.isArray(val) ? val.map((n, i) => `${seat(i)}: ${number(n)}`).join(" · ") : number(val);
    case "choice": return word.values && word.values[String(val)] ? msg(word.values[String(val)]) : String(val);
    default: return Array.isArray(val) ? val.map(number).join(", ") : number(val);
  }
}

