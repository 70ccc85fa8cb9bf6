// The lessons (issue 28): #/learn/{game} lists a game's lessons with the player's progress
// (GET /api/learn/{game}); #/learn/{game}/{lesson} runs one at a real table: its goal and
// intro (with its cards drawn and named), the table drawn by the Board, a feedback panel
// beside the decisions (the engine's verdict: right in green, wrong with its reasons), a
// hint on request, "Làm lại" and, once done, "Bài tiếp". The server judges every move
// (POST /api/learn/runs/{run}/act); the page names no game.
import { Board } from "./board.js";
import { loadCards } from "./cards.js";
import { getLang, t } from "./i18n.js";
import { namedCards, rulesHref } from "./rules.js";
import { api, h, toast } from "./util.js";

const enc = encodeURIComponent;
const runKey = (game, lesson) => `chieu.learn.${game}.${lesson}`;

/** Show the route after "#/learn/": "{game}" (the list) or "{game}/{lesson}". */
export async function showLearn(main, rest) {
  const [game, lesson] = rest.split("/").map((p) => decodeURIComponent(p || ""));
  if (lesson) await showLesson(main, game, lesson);
  else await showList(main, game);
}

function lessonsList(game) {
  return api("GET", `/api/learn/${enc(game)}?lang=${getLang()}`);
}

function countLine(lessons) {
  const done = lessons.filter((x) => x.done).length;
  return h("p", { class: "learn-count", "data-testid": "lesson-count", "data-done": String(done), "data-total": String(lessons.length) },
    h("span", { text: `${t("lessonsDone")}: ${done} / ${lessons.length}` }),
    h("progress", { max: String(lessons.length || 1), value: String(done), "aria-hidden": "true" }));
}

async function showList(main, game) {
  main.replaceChildren(h("p", { class: "muted", text: t("loading") }));
  const data = await lessonsList(game);
  const items = data.lessons || [];
  main.replaceChildren(h("section", { class: "panel learn-list", "data-testid": "lessons", "data-game": data.game },
    h("h1", { text: `${t("learnOf")} ${data.title}` }),
    countLine(items),
    items.length ? h("ol", { class: "lessons" }, items.map((x, i) => h("li", {
      class: `lesson${x.done ? " done" : ""}`, "data-testid": "lesson", "data-lesson": x.id, "data-done": x.done ? "1" : null,
    }, h("a", { href: `#/learn/${enc(data.game)}/${enc(x.id)}` },
      h("span", { class: "lesson-no", text: `${i + 1}` }),
      h("span", { class: "lesson-words" },
        h("strong", { class: "lesson-title", text: x.title }),
        h("span", { class: "lesson-goal", text: x.goal })),
      x.done ? h("span", { class: "lesson-tick", title: t("lessonDone"), "aria-label": t("lessonDone"), text: "✓" }) : null))))
      : h("p", { class: "muted", text: t("lessonNone") }),
    h("p", { class: "row" }, h("a", { class: "button small", href: rulesHref(data.game), "data-testid": "rules-link", text: t("rulesLink") }))));
}

async function startRun(game, lesson) {
  const key = runKey(game, lesson);
  const kept = sessionStorage.getItem(key);
  if (kept) { // a reload, or the language changed: the same run, where it stands
    try { return await api("GET", `/api/learn/runs/${enc(kept)}?lang=${getLang()}`); } catch (e) { sessionStorage.removeItem(key); }
  }
  const snap = await api("POST", `/api/learn/${enc(game)}/${enc(lesson)}`, { lang: getLang() });
  sessionStorage.setItem(key, snap.run);
  return snap;
}

async function showLesson(main, game, lessonId) {
  main.replaceChildren(h("p", { class: "muted", text: t("loading") }));
  const [list, first] = await Promise.all([lessonsList(game), startRun(game, lessonId)]);
  const name = list.game;
  await loadCards(name);
  const lessons = list.lessons || [];
  const index = lessons.findIndex((x) => x.id === lessonId);
  const next = index >= 0 ? lessons[index + 1] : null;
  let snap = first;
  let version = 1;
  const lesson = snap.lesson;

  const feedback = h("section", { class: "panel lesson-feedback", "data-testid": "lesson-feedback", "aria-live": "polite" });
  let hintLines = null; // the last hint asked, for this position
  let hintBusy = false;
  const boardEl = h("div");
  const room = () => ({
    status: snap.done || snap.failed ? "finished" : "playing",
    seats: snap.view.seats.map((s) => ({ seat: s.seat, bot: s.seat !== snap.seat, player: null })),
  });
  const show = (data) => {
    snap = data;
    version += 1;
    hintLines = null;
    board.settle();
    // a lesson over: the table as it stands, nothing more to choose
    const view = snap.done || snap.failed ? { ...snap.view, decisions: [] } : snap.view;
    board.render({ view, room: room(), version, game_id: null });
    drawFeedback();
    if (snap.done && index >= 0) {
      lessons[index].done = true;
      count.replaceWith(count = countLine(lessons));
    }
  };
  const runUrl = () => `/api/learn/runs/${enc(snap.run)}`;
  const askHint = async () => {
    const asked = version;
    const data = await api("GET", `${runUrl()}/hint?lang=${getLang()}`);
    return { version: asked, hints: data.lines || [], unseen: {} };
  };
  const board = new Board(boardEl, {
    onAct: async (action) => {
      try {
        show(await api("POST", `${runUrl()}/act`, { action: action.id, lang: getLang() }));
        feedback.scrollIntoView({ block: "nearest" });
      } catch (e) {
        toast(e.message, "error");
        board.settle();
        board.rerender();
      }
    },
  });

  const button = (attrs, text) => h("button", attrs, text);
  function drawFeedback() {
    const v = snap.verdict;
    const out = [];
    if (v) {
      out.push(h("ul", { class: `verdict ${v.ok ? "ok" : "wrong"}`, "data-testid": "lesson-verdict", "data-ok": v.ok ? "1" : "0" },
        v.lines.map((line, i) => h("li", { class: i === 0 ? "head" : "", text: line }))));
    } else if (!snap.done && !snap.failed) out.push(h("p", { class: "muted", text: t("lessonStart") }));
    if (snap.done) out.push(h("p", { class: "lesson-finished", "data-testid": "lesson-done", text: `✓ ${t("lessonFinished")}` }));
    if (snap.failed) out.push(h("p", { class: "warn", text: t("lessonFailed") }));
    if (snap.hints && snap.hints.length && !snap.done) {
      out.push(h("div", { class: "lesson-hints", "data-testid": "lesson-hints" },
        h("h3", { text: t("lessonHintsNow") }), h("ul", null, snap.hints.map((line) => h("li", { text: line })))));
    }
    if (hintLines && hintLines.length) {
      out.push(h("ul", { class: "lesson-hint-lines", "data-testid": "lesson-hint-lines" }, hintLines.map((line) => h("li", { text: line }))));
    }
    const tools = h("div", { class: "row lesson-tools" });
    if (!snap.done && !snap.failed) {
      tools.append(button({
        class: "chip", "data-testid": "lesson-hint", "aria-busy": hintBusy ? "true" : null,
        onclick: async () => {
          if (hintBusy) return;
          hintBusy = true;
          drawFeedback();
          try { hintLines = (await askHint()).hints; } catch (e) { toast(e.message, "error"); }
          hintBusy = false;
          drawFeedback();
        },
      }, hintBusy ? t("hintsPending") : `? ${t("lessonHint")}`));
    }
    tools.append(button({
      class: snap.failed ? "primary" : "", "data-testid": "lesson-restart",
      onclick: async () => {
        try { show(await api("POST", `${runUrl()}/restart`, { lang: getLang() })); } catch (e) { toast(e.message, "error"); }
      },
    }, `↺ ${t("lessonRestart")}`));
    if (snap.done) {
      tools.append(next
        ? h("a", { class: "button primary", "data-testid": "lesson-next", href: `#/learn/${enc(name)}/${enc(next.id)}` }, `${t("lessonNext")} ▶`)
        : h("a", { class: "button primary", "data-testid": "lesson-list", href: `#/learn/${enc(name)}` }, t("lessonList")));
    }
    out.push(tools);
    if (snap.done && !next) out.push(h("p", { class: "muted", text: t("lessonAllDone") }));
    feedback.replaceChildren(...out);
  }

  let count = countLine(lessons);
  const head = h("section", { class: "panel lesson-head", "data-testid": "lesson-page", "data-lesson": lesson.id, "data-game": name },
    h("nav", { class: "row lesson-nav" },
      h("a", { class: "button small", href: `#/learn/${enc(name)}`, "data-testid": "lesson-back" }, `← ${t("lessons")}`),
      h("a", { class: "button small", href: rulesHref(name), "data-testid": "rules-link" }, t("rulesLink"))),
    h("h1", null, index >= 0 ? h("span", { class: "lesson-no", text: `${t("lessonNo")} ${index + 1}` }) : null, " ", lesson.title),
    count,
    h("p", { class: "lesson-goal", "data-testid": "lesson-goal" }, h("strong", { text: `${t("lessonGoal")}: ` }), lesson.goal),
    h("p", { class: "lesson-intro", text: lesson.intro }),
    lesson.cards && lesson.cards.length ? namedCards(name, lesson.cards, null) : null,
    h("p", { class: "muted small", text: t("lessonYouPlay") }));
  main.replaceChildren(h("div", { class: "learn" }, head, h("section", { class: "lesson-table table", "data-testid": "table" }, boardEl)));
  // the feedback beside the decisions: where the learner's eyes are after a tap
  board.regions.actions.before(feedback);
  show(first);
}
