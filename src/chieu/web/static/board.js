// The board: draws one View JSON (docs/view.md) — seats around, the viewer's hand at the
// bottom, the live card, the decisions as buttons, the events, the outcome. It knows no
// game: every word and every legal action comes from the view. Regions are rebuilt only
// when their part of the view changed, so a push costs a few milliseconds.
import { actionText, cardEl, cardSet, namedText, setShowCodes, showCodes } from "./cards.js";
import { HintAsker } from "./hints.js";
import { t } from "./i18n.js";
import { extraPanel, outcomePanel, termText } from "./outcome.js";
import { readyStep } from "./ready.js";
import { rulesHref } from "./rules.js";
import { decisionWords, faultNote, glossaryFor, termEl, termify, wireTerms } from "./terms.js";
import { benched, fmt, gameInfo, h, personAt, personLabel, seatName, settings, withNames } from "./util.js";


function zoneTitle(zone) {
  if (zone.label) return zone.label;
  const prefix = zone.id.split(":")[0];
  const byId = t(`zone_${prefix}`);
  if (byId !== `zone_${prefix}`) return byId;
  return t(`role_${zone.role}`);
}

const ROLE_ORDER = { mat: 0, flowers: 1, door: 2, discard: 3, aside: 4, dead: 5, hand: 6, stock: 7 };

/** A zone's cards: groups as clusters with their words, else one row; hidden: backs. */
function zoneCards(game, zone, size, live, gloss) {
  const box = h("div", { class: `cards ${size}` });
  if (zone.cards === null) {
    if (zone.count > 0) {
      box.append(cardEl(game, null, size));
      box.append(h("span", { class: "count", text: `× ${zone.count}` }));
    }
    return box;
  }
  if (zone.groups && zone.groups.length && zone.role !== "hand") {
    for (const g of zone.groups) {
      const grp = h("span", { class: `group kind-${g.kind}` });
      for (const c of g.cards) grp.append(cardEl(game, c, size));
      if (g.label) grp.append(h("span", { class: "glabel" }, termify(gloss, g.label)));
      box.append(grp);
    }
    return box;
  }
  zone.cards.forEach((c, i) => {
    const el = cardEl(game, c, size);
    if (live && i === zone.cards.length - 1 && c === live.card) el.classList.add("is-live");
    box.append(el);
  });
  return box;
}

function zoneEl(game, zone, size, live, gloss) {
  const empty = zone.count === 0 && (!zone.cards || zone.cards.length === 0);
  return h(
    "div",
    { class: `zone role-${zone.role}${empty ? " empty" : ""}`, "data-zone": zone.id },
    h("div", { class: "zlabel" }, termify(gloss, zoneTitle(zone)), zone.count ? h("span", { class: "zcount", text: ` · ${zone.count}` }) : null),
    empty ? null : zoneCards(game, zone, size, live, gloss),
  );
}

function sig(...parts) { return JSON.stringify(parts); }

export class Board {
  /** `opts`: {onAct(action), onNext(), readOnly} */
  constructor(root, opts = {}) {
    this.root = root;
    this.opts = opts;
    this.sigs = {};
    this.handMode = localStorage.getItem("chieu.handMode") || "groups";
    this.handOrder = [];
    this.selected = null; // a selected hand card's index in the shown order
    this.confirming = null; // an action with a fault waiting for confirmation
    this.sending = false;
    this.regions = {};
    this.gloss = null; // the game's glossary in the view's language, once loaded
    this.hints = opts.onHints ? new HintAsker(() => this.opts.onHints(), () => this.rerender()) : null;
    this.build();
    wireTerms(root, () => this.gloss, () => (this.m && this.m.view ? this.m.view.game : ""));
  }

  build() {
    const r = this.regions;
    r.bar = h("div", { class: "tbar" });
    r.recent = h("p", { class: "recent", "data-testid": "last-event", "aria-live": "polite" });
    r.opponents = h("div", { class: "opponents" });
    r.center = h("div", { class: "center" });
    r.common = h("div", { class: "common" }); // the zones nobody owns (stays in the felt)
    r.me = h("div", { class: "me" });
    r.handTools = h("div", { class: "hand-tools" });
    r.hand = h("div", { class: "hand", "data-testid": "hand" });
    r.outcome = h("div", { class: "outcome-slot" });
    r.ready = h("div", { class: "ready-slot" }); // between games: who is ready, the countdown
    r.actions = h("div", { class: "actions", role: "group", "aria-label": t("actions") });
    r.scores = h("div", { class: "scores" });
    r.log = h("ol", { class: "log", "aria-live": "polite" });
    r.extra = h("div", { class: "extra" });
    r.help = h("div", { class: "help" });
    // on a phone the live card, whose turn, the timer and the decisions stay in sight at the
    // bottom (a sticky dock) while the rest scrolls; on a wide screen they sit in the felt and
    // the side panel, as before
    r.dock = h("div", { class: "dock", "data-testid": "dock" });
    this.handWired = false;
    this.seatSigs = {};
    this.eventLog = new Map();
    this.logKey = null;
    this.root.classList.add("board");
    this.root.dataset.empty = "1";
    this.root.replaceChildren(
      h("div", { class: "bar-row" }, this.opts.head || null, r.bar),
      r.recent,
      h("div", { class: "play" },
        h("div", { class: "felt" }, r.opponents, r.center, r.common, r.me,
          h("div", { class: "hand-area" }, r.handTools, r.hand))),
      // the decisions and the result beside the felt on a wide screen (always in sight),
      // under it on a phone
      h("aside", { class: "side" },
        r.ready, r.outcome, r.actions, r.help,
        // "Điểm hội" opens the game's entry (a game may count its hội its own way) once the glossary is in
        h("section", { class: "panel" }, h("h3", null, termEl({ term: "điểm hội" }, t("scores"))), r.scores),
        h("section", { class: "panel" }, h("h3", { text: t("log") }), r.log),
        r.extra),
      r.dock,
    );
    this.placeDock();
  }

  /** The decisions and the live card: in the dock on a phone, in the felt and the side panel
   * on a wide screen (the regions are moved, never rebuilt). */
  placeDock() {
    const r = this.regions;
    if (!this.wide) {
      this.wide = window.matchMedia("(min-width: 62rem)");
      this.wide.addEventListener("change", () => this.placeDock());
    }
    if (this.wide.matches) {
      if (r.center.parentNode !== r.opponents.parentNode) r.opponents.after(r.center);
      if (r.actions.parentNode !== r.outcome.parentNode) r.outcome.after(r.actions);
      if (r.ready.parentNode !== r.outcome.parentNode) r.outcome.before(r.ready);
      r.dock.hidden = true;
    } else {
      if (r.center.parentNode !== r.dock || r.ready.parentNode !== r.dock) r.dock.append(r.center, r.ready, r.actions);
      r.dock.hidden = false;
    }
  }

  /** Draw a push: `m` = {view, room, version, deadline, seat, status}. */
  render(m) {
    const t0 = performance.now();
    this.m = m;
    const v = m.view;
    const room = m.room || {};
    const viewer = v ? v.viewer : null;
    this.root.dataset.game = v ? v.game : room.game || "";
    if (!v) {
      this.root.dataset.empty = "1";
      return 0;
    }
    delete this.root.dataset.empty;
    const game = v.game;
    const set = cardSet(game);
    if (set) this.root.style.setProperty("--ratio", String(set.ratio));
    const names = v.seats.map((s) => seatName(room, s.seat, viewer));
    // the hội's totals are per person: each table seat shows its person's (a hội of more
    // people than seats seats them in turn: room.seating)
    const totals = v.seats.map((s) => (room.totals || [])[personAt(room, s.seat)]);
    const lang = v.lang;
    // the game's glossary: every word it explains becomes tappable once it has come
    const gloss = this.gloss = glossaryFor(game, lang, () => { this.sigs = {}; this.seatSigs = {}; this.rerender(); });

    // the bar
    const toAct = v.seats.filter((s) => s.to_act).map((s) => s.seat);
    const stock = v.zones.find((z) => z.role === "stock");
    this.region("bar", sig(v.title, v.phase_label, stock && stock.count, room.game_number, lang, showCodes()), () => [
      this.opts.readOnly ? h("span", { class: "title", text: v.title }) : null,
      room.game_number ? h("span", { class: "pill", text: `${t("gameNo")} ${room.game_number}` }) : null,
      h("span", { class: "phase" }, termify(gloss, v.phase_label)),
      stock ? h("span", { class: "pill stock" }, termify(gloss, stock.label || t("stock")), `: ${stock.count}`) : null,
      h("a", { class: "pill rules-link", href: rulesHref(game, "", room.rules), target: "_blank", rel: "noopener", "data-testid": "rules-link", text: t("rulesLink") }),
      h("button", {
        class: `chip codes-toggle${showCodes() ? " on" : ""}`, "data-testid": "card-codes", "aria-pressed": String(showCodes()),
        title: t("cardCodesHelp"), onclick: () => { setShowCodes(!showCodes()); this.sigs = {}; this.seatSigs = {}; this.rerender(); },
      }, t("cardCodes")),
    ]);

    // seats around: in play order from the viewer (a spectator sees every seat here)
    const n = v.players;
    const order = [];
    for (let i = 1; i <= n; i++) {
      const s = viewer === null ? i - 1 : (viewer + i) % n;
      if (s !== viewer) order.push(s);
    }
    const zonesOf = (s) => v.zones.filter((z) => z.owner === s)
      .filter((z) => z.role !== "hand" || s !== viewer)
      .sort((a, b) => (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9));
    const connected = (s) => {
      const rs = room.seats && room.seats[s];
      if (!rs || !rs.player) return "";
      return rs.away ? t("away") : rs.connected ? "" : t("offlineSeat");
    };
    this.seatRegions(order, (s) => sig(v.seats[s], zonesOf(s), names[s], totals[s], connected(s), v.live && v.live.seat === s ? v.live : null, lang),
      (s) => this.seatPanel(v, s, names[s], totals[s], zonesOf(s), "sm", connected(s)));

    // the centre: the live card, the common zones, whose turn, the countdown
    const common = v.zones.filter((z) => z.owner === null && z.role !== "stock");
    const mine = v.decisions.length > 0;
    this.region("center", sig(v.live, toAct, mine, v.claim_open, v.decisions.map((d) => [d.kind, d.deadline]), names, lang, !!v.outcome), () => {
      const out = [];
      if (v.live) {
        const where = v.live.seat === null || v.live.seat === undefined ? "" : ` ${t("at")} ${names[v.live.seat]}`;
        out.push(h("div", { class: "live" },
          cardEl(game, v.live.card, "lg is-live"),
          h("div", { class: "live-words" },
            h("strong", { text: t("live") }),
            h("span", { text: `${v.live.source === "drawn" ? t("fromDrawn") : t("fromDiscard")}${where}` }))));
      }
      const status = [];
      if (v.outcome) status.push(h("strong", { text: t("gameOver") }));
      else if (mine) {
        const claim = v.decisions.some((d) => d.kind === "claim");
        status.push(h("strong", { class: "your-turn" }, "▶ ", termify(gloss, claim ? t("claimWindow") : t("yourTurn"))));
      } else if (viewer === null) status.push(h("span", { text: t("spectator") }));
      if (!v.outcome && toAct.length && !toAct.includes(viewer)) {
        status.push(h("span", { text: `${t("waitOthers")} ${toAct.map((s) => names[s]).join(", ")}` }));
      } else if (!v.outcome && !mine && v.claim_open) status.push(h("span", { text: t("waitOthers") }));
      const dl = v.decisions.map((d) => d.deadline).find((x) => x);
      if (dl && !v.outcome) status.push(h("span", { class: "countdown", "data-deadline": String(dl), "aria-live": "off" }));
      out.push(h("div", { class: "turn" }, status));
      return out;
    });
    this.region("common", sig(common, lang, !!gloss), () =>
      common.filter((z) => z.count || (z.cards && z.cards.length)).map((z) => zoneEl(game, z, "xs", null, gloss)));

    // the viewer's own seat and zones
    if (viewer !== null) {
      this.region("me", sig(v.seats[viewer], zonesOf(viewer), names[viewer], totals[viewer], v.live, lang), () =>
        [this.seatPanel(v, viewer, names[viewer], totals[viewer], zonesOf(viewer), "sm", "", true)]);
    } else this.region("me", "none", () => []);

    // the hand
    const hand = viewer === null ? null : v.zones.find((z) => z.id === `hand:${viewer}`) || v.zones.find((z) => z.role === "hand" && z.owner === viewer);
    this.regions.hand.parentNode.hidden = !hand;
    this.renderHand(v, hand);

    // the outcome
    this.region("outcome", sig(v.outcome, room.status, totals, names, lang, this.m && this.m.commitment, showCodes()), () =>
      v.outcome ? [outcomePanel(this, v, room, names)] : []);

    // between games: the ready step (in the dock on a phone: always in sight)
    // (the room's seats: m.seat is the viewer's there)
    const mySeat = m.seat === undefined ? null : m.seat;
    const people = (room.seats || []).filter((s) => s.player).map((s) => [s.seat, seatName(room, s.seat, mySeat), !!s.away]);
    this.region("ready", sig(room.status, room.ready, room.next_at, people, mySeat, this.nextSent, lang, !!this.opts.readOnly), () =>
      readyStep(this, room, mySeat, people));

    // the decisions
    this.renderActions(v);

    // scores, events, extra
    this.region("scores", sig(names, totals, toAct, lang, room.seating, room.totals), () => [h("table", { class: "score-table" },
      h("tbody", null, v.seats.map((s) => h("tr", { class: s.to_act ? "acting" : "" },
        h("td", null, s.to_act ? "▶ " : "", names[s.seat]),
        h("td", { class: "num", text: fmt(totals[s.seat] ?? 0) }))),
      // who sits this deal out (a hội of more people than seats): their totals too
      benched(room).map((p) => h("tr", { class: "out", "data-out": String(p) },
        h("td", null, p === this.m.seat ? t("you") : personLabel(room, p), ` · ${t("benchOut")}`),
        h("td", { class: "num", text: fmt((room.totals || [])[p] ?? 0) })))))]);
    // the events of this game so far (a view carries only the last few)
    const logKey = `${m.game_id}|${viewer}|${lang}`;
    if (this.opts.readOnly || this.logKey !== logKey || (v.events.length && this.eventLog.size && v.events[0].index < this.logFirst)) {
      this.logKey = logKey;
      this.eventLog = new Map();
      this.logFirst = v.events.length ? v.events[0].index : 0;
    }
    for (const e of v.events) if (e.text) this.eventLog.set(e.index, e);
    const evs = [...this.eventLog.values()].sort((a, b) => a.index - b.index).slice(-60);
    const named = (e) => termify(gloss, withNames(namedText(game, e.text), room, viewer));
    const seats = (room.seats || []).map((x) => x.player && x.player.name);
    this.region("log", sig(evs.map((e) => e.index), evs.length && evs[evs.length - 1].text, seats, showCodes()), () =>
      evs.map((e) => h("li", { class: e.actor === viewer && viewer !== null ? "own" : "", "data-type": e.type }, named(e))));
    // what just happened, always in sight: the newest event in words, the seats named
    const last = evs.length ? evs[evs.length - 1] : null;
    this.region("recent", sig(last && last.index, last && last.text, seats, lang, showCodes()), () =>
      last ? [h("span", { class: "recent-label", text: `${t("justNow")}: ` }), ...named(last)] : []);
    if (this.sigs.logScrolled !== this.sigs.log) {
      this.sigs.logScrolled = this.sigs.log;
      requestAnimationFrame(() => { this.regions.log.scrollTop = this.regions.log.scrollHeight; });
    }
    const info = gameInfo(game, () => { this.sigs.extra = null; this.rerender(); });
    this.region("extra", sig(v.extra, lang, names, !!info), () => extraPanel(v, names, info, this.gloss));
    const canAsk = !this.opts.readOnly && !!this.hints && viewer !== null && room.status === "playing";
    this.region("help", sig(canAsk, canAsk && this.hints.sig(m.version), lang), () => (canAsk ? [this.hints.panel(v, m.version)] : []));
    this.tick();
    return performance.now() - t0;
  }

  /** One child of the opponents region per seat, each rebuilt only when its part changed. */
  seatRegions(order, signature, build) {
    const box = this.regions.opponents;
    const key = order.join(",");
    if (this.sigs.opponentsOrder !== key) {
      this.sigs.opponentsOrder = key;
      this.seatSigs = {};
      box.replaceChildren(...order.map((s) => h("div", { class: "seat-slot", "data-slot": s })));
    }
    for (const s of order) {
      const sg = signature(s);
      if (this.seatSigs[s] === sg) continue;
      this.seatSigs[s] = sg;
      box.querySelector(`[data-slot="${s}"]`).replaceChildren(build(s));
    }
  }

  region(name, signature, build) {
    if (this.sigs[name] === signature) return;
    this.sigs[name] = signature;
    this.regions[name].replaceChildren(...build().filter(Boolean));
  }

  seatPanel(v, s, name, total, zones, size, presence, me = false) {
    const seat = v.seats[s];
    const live = v.live && v.live.seat === s ? v.live : null;
    const handZone = zones.find((z) => z.role === "hand");
    const rest = zones.filter((z) => z.role !== "hand" || (z.cards && z.cards.length));
    return h("section", { class: `seat${seat.to_act ? " acting" : ""}${me ? " mine" : ""}${live ? " has-live" : ""}`, "data-seat": s, "aria-label": name },
      h("header", null,
        seat.to_act ? h("span", { class: "pill act", text: `▶ ${t("toAct")}` }) : null,
        h("strong", { class: "name", text: name }),
        h("span", { class: "seatno", text: `#${s + 1}` }),
        seat.roles.map((r) => h("span", { class: "pill role" }, termify(this.gloss, r))),
        seat.marks.map((r) => h("span", { class: "pill mark" }, termify(this.gloss, r))),
        presence ? h("span", { class: "pill away", text: presence }) : null,
        !me && (!handZone || handZone.cards === null)
          ? h("span", { class: "hcount", title: `${t("hand")}: ${seat.hand_count}` }, cardEl(v.game, null, "xs"), ` ${seat.hand_count}`) : null,
        h("span", { class: "total", text: fmt(total ?? 0) })),
      h("div", { class: "zones" }, rest.filter((z) => z.role !== "hand" || z.cards).map((z) => zoneEl(v.game, z, size, live, this.gloss))));
  }

  // -- the hand -------------------------------------------------------------------------------
  /** The hand's order in use: the chosen one, "sorted" when the view gives no groups. */
  mode(hand) {
    const hasGroups = !!(hand && hand.groups && hand.groups.length);
    return this.handMode === "groups" && !hasGroups ? "sorted" : this.handMode;
  }

  shownHand(hand) {
    if (!hand || !hand.cards) return { cards: [], groups: null };
    const mode = this.mode(hand);
    const cards = hand.cards.slice();
    const set = cardSet(this.m.view.game);
    if (mode === "groups") {
      const left = cards.slice();
      const groups = [];
      for (const g of hand.groups) {
        const got = [];
        for (const c of g.cards) {
          const i = left.indexOf(c);
          if (i >= 0) { left.splice(i, 1); got.push(c); }
        }
        if (got.length) groups.push({ label: g.label, kind: g.kind, cards: got });
      }
      if (left.length) groups.push({ label: "", kind: "rest", cards: left });
      return { cards: groups.flatMap((g) => g.cards), groups };
    }
    if (mode === "mine") {
      // keep the player's order for the cards still held; new cards go to the end
      const left = cards.slice();
      const out = [];
      for (const c of this.handOrder) {
        const i = left.indexOf(c);
        if (i >= 0) { left.splice(i, 1); out.push(c); }
      }
      return { cards: out.concat(left), groups: null };
    }
    if (mode === "sorted" && set) cards.sort((a, b) => (set.rank.get(a) ?? 999) - (set.rank.get(b) ?? 999));
    return { cards, groups: null };
  }

  renderHand(v, hand) {
    const shown = this.shownHand(hand);
    this.handOrder = shown.cards.slice();
    if (this.selected !== null && this.selected >= shown.cards.length) this.selected = null;
    const hasGroups = !!(hand && hand.groups && hand.groups.length);
    const mode = this.mode(hand);
    // the actions that use the selected card, offered next to the hand
    const selCard = this.selected !== null ? shown.cards[this.selected] : null;
    const quick = selCard && !this.opts.readOnly && !this.sending
      ? v.decisions.flatMap((d) => d.actions).filter((a) => a.cards && a.cards.includes(selCard)).slice(0, 3) : [];
    this.region("handTools", sig(!!hand, hasGroups, mode, this.selected !== null, v.lang, hand && hand.count, quick, showCodes()), () => {
      if (!hand) return [];
      const modes = [["groups", t("handGroups")], ["sorted", t("handSorted")], ["mine", t("handMine")]]
        .filter(([k]) => k !== "groups" || hasGroups);
      return [
        h("span", { class: "hlabel" }, t("hand"), h("span", { class: "zcount", text: ` · ${hand.count}` })),
        h("span", { class: "seg", role: "group", "aria-label": t("sortHand") }, modes.map(([k, label]) =>
          h("button", { class: `chip${mode === k ? " on" : ""}`, "aria-pressed": String(mode === k), onclick: () => this.setHandMode(k) }, label))),
        this.selected !== null ? h("span", { class: "seg" },
          h("button", { class: "chip", "aria-label": t("moveLeft"), title: t("moveLeft"), onclick: () => this.moveSelected(-1) }, "◀"),
          h("button", { class: "chip", "aria-label": t("moveRight"), title: t("moveRight"), onclick: () => this.moveSelected(1) }, "▶")) : null,
        quick.length ? h("span", { class: "quick-acts" }, quick.map((a) => h("button", {
          class: `act small${a.fault ? " fault" : ""}`, "data-action-id": String(a.id), "data-verb": a.verb,
          "data-fault": a.fault ? a.fault.id : null,
          title: a.fault ? `⚠ ${a.fault.name || a.fault.id}` : null, onclick: () => this.send(a, false),
        }, a.fault ? h("span", { class: "warn", text: "⚠ " }) : "◆ ", actionText(v.game, a)))) : null,
      ];
    });
    const sel = this.selected;
    this.region("hand", sig(shown, sel, v.game), () => {
      if (!hand) return [];
      if (hand.cards === null) return [cardEl(v.game, null), h("span", { class: "count", text: `× ${hand.count}` })];
      let i = 0;
      const cardButton = (c) => {
        const idx = i++;
        const el = cardEl(v.game, c, idx === sel ? "selected" : "");
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        el.draggable = true;
        el.dataset.index = String(idx);
        el.setAttribute("aria-pressed", String(idx === sel));
        return el;
      };
      if (shown.groups) {
        return shown.groups.map((g) => h("span", { class: `hgroup kind-${g.kind}` },
          h("span", { class: "cards" }, g.cards.map(cardButton)),
          g.label ? h("span", { class: "glabel" }, termify(this.gloss, g.label)) : null));
      }
      return [h("span", { class: "cards" }, shown.cards.map(cardButton))];
    });
    if (!this.handWired) this.wireHand();
  }

  wireHand() {
    this.handWired = true;
    const el = this.regions.hand;
    const pick = (target) => target.closest && target.closest(".card[data-index]");
    el.addEventListener("click", (e) => {
      const c = pick(e.target);
      if (!c) return;
      const i = Number(c.dataset.index);
      this.selected = this.selected === i ? null : i;
      this.rerender();
      const again = this.regions.hand.querySelector(`.card[data-index="${i}"]`);
      if (again) again.focus({ preventScroll: true });
    });
    el.addEventListener("keydown", (e) => {
      const c = pick(e.target);
      if (!c) return;
      if (e.key === " " || e.key === "Enter") {
        e.preventDefault();
        e.stopPropagation();
        c.click();
      } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        // arrows walk the hand; with Shift they move the selected card
        e.preventDefault();
        e.stopPropagation();
        const d = e.key === "ArrowLeft" ? -1 : 1;
        const i = Number(c.dataset.index);
        if (e.shiftKey && this.selected === i) this.moveSelected(d);
        const j = e.shiftKey ? this.selected : i + d;
        const next = this.regions.hand.querySelector(`.card[data-index="${j}"]`);
        if (next) next.focus();
      }
    });
    let from = null;
    el.addEventListener("dragstart", (e) => {
      const c = pick(e.target);
      if (!c) return;
      from = Number(c.dataset.index);
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", String(from));
    });
    el.addEventListener("dragover", (e) => { if (from !== null) e.preventDefault(); });
    el.addEventListener("drop", (e) => {
      e.preventDefault();
      const c = pick(e.target);
      if (from === null) return;
      const to = c ? Number(c.dataset.index) : this.handOrder.length - 1;
      const order = this.handOrder.slice();
      const [card] = order.splice(from, 1);
      order.splice(to, 0, card);
      from = null;
      this.handOrder = order;
      this.selected = to;
      this.setHandMode("mine", true);
    });
    el.addEventListener("dragend", () => { from = null; });
  }

  setHandMode(mode, keep = false) {
    if (mode === "mine" && this.handMode !== "mine" && !keep) this.handOrder = this.handOrder.slice();
    this.handMode = mode;
    localStorage.setItem("chieu.handMode", mode);
    this.rerender();
  }

  moveSelected(d) {
    if (this.selected === null) return;
    const order = this.handOrder.slice();
    const i = this.selected;
    const j = Math.max(0, Math.min(order.length - 1, i + d));
    if (i === j) return;
    [order[i], order[j]] = [order[j], order[i]];
    this.handOrder = order;
    this.selected = j;
    this.handMode = "mine";
    localStorage.setItem("chieu.handMode", "mine");
    this.rerender();
  }

  rerender() { if (this.m) this.render(this.m); }

  // -- the decisions --------------------------------------------------------------------------
  renderActions(v) {
    const selCard = this.selected !== null ? this.handOrder[this.selected] : null;
    const ro = this.opts.readOnly;
    this.region("actions", sig(v.decisions, this.sending, this.confirming && this.confirming.id, selCard, ro, v.lang, !!v.outcome, v.viewer, showCodes()), () => {
      if (ro || !v.decisions.length) {
        return ro || v.outcome || v.viewer === null ? [] : [h("p", { class: "muted", text: t("noActions") })];
      }
      const out = [];
      let k = 0;
      if (this.confirming && !this.sending) {
        const a = this.confirming;
        out.push(h("div", { class: "confirm", role: "alertdialog", "aria-label": t("confirmFault") },
          h("strong", { class: "warn", text: `⚠ ${t("confirmFault")}:` }),
          faultNote(this.gloss, a.fault),
          h("button", { class: "act danger", "data-action-id": String(a.id), "data-testid": "confirm-action", onclick: () => this.send(a, true) }, `⚠ ${t("confirmSend")}: ${actionText(v.game, a)}`),
          h("button", { class: "chip", onclick: () => { this.confirming = null; this.rerender(); } }, t("cancel"))));
      }
      // the cards drawn in the buttons where they fit: cards not much taller than wide
      const set = cardSet(v.game);
      const pictures = !!set && set.ratio < 2;
      for (const d of v.decisions) {
        const buttons = d.actions.map((a) => {
          k += 1;
          const uses = selCard && a.cards && a.cards.includes(selCard);
          const attrs = {
            class: `act${a.fault ? " fault" : ""}${a.id === d.default ? " default" : ""}${uses ? " match" : ""}${selCard && !uses ? " dim" : ""}`,
            "data-verb": a.verb,
            "data-fault": a.fault ? a.fault.id : null,
            "data-key": k <= 9 ? String(k) : null,
            "data-cards": a.cards && a.cards.length ? a.cards.join(" ") : null,
            title: a.fault ? `⚠ ${a.fault.name || a.fault.id}` : null,
            onclick: () => this.send(a, false),
          };
          if (this.sending) attrs.disabled = true;
          else attrs["data-action-id"] = String(a.id);
          return h("button", attrs,
            k <= 9 ? h("kbd", { text: String(k) }) : null,
            a.fault ? h("span", { class: "warn", "aria-label": a.fault.name, text: "⚠ " }) : null,
            uses ? h("span", { class: "mark-match", "aria-hidden": "true", text: "◆ " }) : null,
            // the cards it moves, drawn small, where they fit (up to four)
            pictures && a.cards && a.cards.length && a.cards.length <= 4
              ? h("span", { class: "acards", "aria-hidden": "true" }, a.cards.map((c) => cardEl(v.game, c, "xs"))) : null,
            h("span", { class: "alabel", text: actionText(v.game, a) }));
        });
        out.push(h("div", { class: `decision kind-${d.kind}` },
          d.deadline ? h("span", { class: "countdown", "data-deadline": String(d.deadline) }) : null,
          h("div", { class: "buttons" }, buttons),
          decisionWords(this.gloss, { ...d, actions: d.actions.map((a) => ({ ...a, label: actionText(v.game, a) })) })));
      }
      return out;
    });
  }

  send(action, confirmed) {
    if (this.sending || this.opts.readOnly) return;
    if (action.fault && !confirmed) {
      this.confirming = action;
      this.rerender();
      const btn = this.regions.actions.querySelector("[data-testid=confirm-action]");
      if (btn) btn.focus();
      return;
    }
    this.confirming = null;
    this.sending = true;
    this.selected = null;
    this.rerender();
    if (this.opts.onAct) this.opts.onAct(action);
  }

  /** A new push arrived, or the server refused: the buttons come back. */
  settle() {
    this.sending = false;
  }

  // -- the outcome ----------------------------------------------------------------------------
  /** Refresh the countdowns (called every few hundred ms). */
  tick() {
    const now = Date.now() / 1000;
    for (const el of this.root.querySelectorAll(".countdown[data-deadline]")) {
      const left = Math.max(0, Number(el.dataset.deadline) - now);
      const text = el.classList.contains("plain")
        ? `${Math.ceil(left)} ${t("secondsLeft")}` : `${t("timeLeft")} ${Math.ceil(left)} ${t("secondsLeft")}`;
      if (el.textContent !== text) el.textContent = text;
      el.classList.toggle("urgent", left < 5);
    }
  }
}

export { settings, termText };
