// The coach in the browser (issue 29): "Phân tích ván" on a finished game (the result panel,
// the replay, the history), its progress, the seat's accuracy, the turning points; on the
// replay the slider marks each mistake and blunder, and a marked step shows the move played
// beside the better one, their cards drawn, and the coach's sentence; the score sheet shows
// each reviewed player's accuracy. The server does the work (POST/GET /api/games/{id}/review).
import { cardEl, loadCards, namedText } from "./cards.js";
import { getLang } from "./i18n.js";
import { api, codeQuery, h } from "./util.js";

// the coach's own words (Vietnamese first), kept here so that the page's dictionary stays small
const WORDS = {
  button: ["Phân tích ván", "Review the game"],
  again: ["Phân tích lại", "Review again"],
  queued: ["Đang chờ đến lượt phân tích", "Waiting for its turn to be reviewed"],
  ahead: ["ván chờ trước", "games ahead"],
  running: ["Đang phân tích", "Reviewing"],
  failed: ["Không phân tích được", "The review failed"],
  accuracy: ["Độ chính xác", "Accuracy"],
  noDecision: ["Ghế này không có nước nào phải chọn", "This seat had no choice to make"],
  seat: ["Ghế", "Seat"],
  chooseSeat: ["Chọn ghế cần phân tích", "Choose the seat to review"],
  turning: ["Bước ngoặt", "Turning points"],
  move: ["Nước", "Move"],
  played: ["Đã đi", "Played"],
  better: ["Nên đi", "Better"],
  same: ["Đúng nước máy chấm chọn", "The judge's own choice"],
  lost: ["mất", "lost"],
  points: ["điểm kỳ vọng", "expected points"],
  onReplay: ["Xem các nước trên bản xem lại", "See the moves on the replay"],
  marksLabel: ["Các nước sai trên thanh xem lại", "The mistakes along the replay"],
  noMarks: ["Không có nước sai hay sai nặng: chơi chắc tay!", "No mistake nor blunder: well played!"],
  judge: ["Máy chấm", "The judge"],
  judgeName: ["máy tính kỹ: với mỗi nước, chơi thử nhiều ván có thể (chỉ từ những gì ghế này đã thấy) và so điểm trung bình",
    "the careful bot: for each move it plays out many possible deals (from what this seat saw only) and compares the average points"],
  judgeModel: ["; rồi cân kết quả chơi thử với một ước lượng thế bài (còn cách ù bao xa, bao nhiêu quân chờ chưa lộ), vì vài chục ván chơi thử chưa đủ phân biệt hai nước gần ngang nhau",
    "; it then weighs the playouts against an estimate of the hand (how far from a win, how many of the cards it waits for are unseen), since a few dozen playouts cannot tell two near-equal moves apart"],
  proven: ["Trong trò này máy chấm đã được kiểm chứng: nó mạnh hơn máy chơi vừa và chấm nước đi của các máy đúng thứ tự. Nhận xét đáng tin, mỗi số có sai số (±) bên cạnh",
    "In this game the judge was shown to beat the steady bot and to rank the bots' play in order: the review can be trusted, each figure with its error (±)"],
  unproven: ["Trong trò này máy chấm chưa được kiểm chứng đủ: điểm chính xác của nó chưa phân biệt rõ máy chơi vừa với máy tính kỹ. Hãy coi nhận xét là gợi ý, chưa phải phán quyết",
    "In this game the judge is not yet proven: its accuracy does not yet tell the steady bot from the careful one. Take the review as a hint, not a verdict"],
  legend: ["◎ %: độ chính xác của người chơi trong ván đã được phân tích (bấm “Phân tích ván” ở bản xem lại)",
    "◎ %: the player's accuracy in a reviewed game (press “Review the game” on the replay)"],
  tot: ["Tốt", "Good"],
  chua_chuan: ["Chưa chuẩn", "Inaccuracy"],
  sai: ["Sai", "Mistake"],
  sai_nang: ["Sai nặng", "Blunder"],
};
const say = (key) => WORDS[key][getLang() === "en" ? 1 : 0];
const MARKED = new Set(["sai", "sai_nang"]);
const POLL_MS = 800;

/** A number as the coach's sentences write it: a decimal comma in Vietnamese ("72,5"), a
 * point in English ("72.5"). */
function num(x, digits = 1) {
  const text = Number(x).toFixed(digits);
  return getLang() === "en" ? text : text.replace(".", ",");
}

// -- the jobs: one follower per game and seat, shared by every widget -----------------------
const jobs = new Map(); // "game:seat" -> {state, listeners}

function jobKey(gameId, seat) { return `${gameId}:${seat === null || seat === undefined ? "me" : seat}`; }

function follow(gameId, seat) {
  const key = jobKey(gameId, seat);
  let job = jobs.get(key);
  if (!job) {
    job = { gameId, seat, state: { status: "none", progress: 0 }, lang: null, listeners: new Set(), timer: 0 };
    jobs.set(key, job);
  }
  return job;
}

function publish(job, state) {
  job.state = state;
  if (state.review) job.lang = getLang();
  for (const fn of job.listeners) fn(state);
}

function seatQuery(job) {
  const q = new URLSearchParams({ lang: getLang() });
  if (job.seat !== null && job.seat !== undefined) q.set("seat", String(job.seat));
  return q;
}

async function poll(job) {
  clearTimeout(job.timer);
  let wait = POLL_MS;
  try {
    const state = await api("GET", `/api/games/${job.gameId}/review?${seatQuery(job)}`);
    publish(job, state);
    if (state.status !== "queued" && state.status !== "running") return;
  } catch (e) {
    if (e.status !== 429) { publish(job, { status: "refused", progress: 0, message: e.message, code: e.code }); return; }
    wait = Math.max(1000, (e.retryAfter || 1) * 1000);
  }
  job.timer = setTimeout(() => poll(job), wait);
}

async function start(job) {
  publish(job, { status: "queued", progress: 0 });
  try {
    const body = { lang: getLang() };
    if (job.seat !== null && job.seat !== undefined) body.seat = job.seat;
    const state = await api("POST", `/api/games/${job.gameId}/review`, body);
    publish(job, state);
    if (state.status === "queued" || state.status === "running") job.timer = setTimeout(() => poll(job), POLL_MS);
  } catch (e) {
    publish(job, { status: "refused", progress: 0, message: e.message, code: e.code });
  }
}

/** Look whether the review exists already (cached at the server), once per widget. */
function peek(job) {
  if (job.state.status === "none" && !job.peeked) { job.peeked = true; poll(job); }
  else if (job.state.review && job.lang !== getLang()) poll(job); // the other language's words
}

// -- the widget -------------------------------------------------------------------------------
const boxes = new Map(); // "game:seat" -> the widget (kept across re-renders of the panel)

/**
 * "Phân tích ván" with its progress and the result, for the game `gameId` and `seat` (null:
 * the viewer's own). `names`: the seats' names (a seat choice when the server asks for one);
 * `onReview(review)`: called when the review is there; `replayLink`: a link to the replay.
 */
export function reviewBox({ gameId, seat = null, names = null, game = null, onReview = null, replayLink = true, auto = false, pick = null }) {
  const key = `${jobKey(gameId, seat)}|${replayLink ? 1 : 0}`;
  const kept = boxes.get(key);
  if (kept) { Object.assign(kept.opts, { onReview, pick }); kept.refresh(); return kept.el; }
  const opts = { onReview, pick }; // the page that shows the box now (a replay drawn again: its own)
  const job = follow(gameId, seat);
  const button = h("button", { class: "primary", "data-testid": "review-button", onclick: () => start(job) }, `${say("button")}`);
  const bar = h("div", { class: "coach-bar-fill" });
  const barText = h("span", { class: "coach-bar-text" });
  const progress = h("div", {
    class: "coach-progress", "data-testid": "review-progress", role: "progressbar",
    "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": "0", hidden: true,
  }, bar, barText);
  const note = h("p", { class: "coach-note", role: "status" });
  const result = h("div", { class: "coach-result" });
  const seatPick = h("div", { class: "coach-seat", hidden: true });
  const el = h("section", { class: "coach panel", "data-testid": "review-box" }, button, progress, note, seatPick, result);

  const draw = (state) => {
    const active = state.status === "queued" || state.status === "running";
    // a spectator names the seat: the seats' buttons, not an error
    const choose = state.status === "refused" && state.code === "review_no_seat" && !!names;
    button.hidden = active || state.status === "done" || choose;
    button.textContent = `${state.status === "failed" ? say("again") : say("button")}`;
    progress.hidden = !active;
    const pct = Math.round(100 * (state.progress || 0));
    bar.style.width = `${pct}%`;
    progress.setAttribute("aria-valuenow", String(pct));
    barText.textContent = state.status === "queued"
      ? `${say("queued")}${state.position ? ` · ${state.position} ${say("ahead")}` : ""}`
      : `${say("running")}… ${pct} %`;
    note.textContent = choose ? "" : state.status === "refused" ? state.message
      : state.status === "failed" ? `${say("failed")}: ${state.error ? (getLang() === "en" ? state.error.en : state.error.vi) : ""}` : "";
    note.classList.toggle("error", state.status === "refused" || state.status === "failed");
    seatPick.hidden = !choose;
    if (!seatPick.hidden && !seatPick.childElementCount) {
      seatPick.append(h("span", { text: `${say("chooseSeat")}: ` }), names.map((n, i) => h("button", {
        class: "small", "data-review-seat": String(i),
        onclick: () => { el.replaceWith(reviewBox({ gameId, seat: i, names, game, onReview, replayLink, auto: true })); },
      }, `${say("seat")} ${i + 1}: ${n}`)));
    }
    if (state.status === "done" && state.review) {
      result.replaceChildren(summary(state.review, { gameId, names, replayLink, pick: opts.pick }));
      if (opts.onReview) opts.onReview(state.review);
    } else result.replaceChildren();
  };
  job.listeners.add(draw);
  const refresh = () => { draw(job.state); peek(job); };
  boxes.set(key, { el, refresh, opts });
  if (auto && job.state.status === "none") start(job);
  else refresh();
  if (game) loadCards(game).catch(() => null);
  return el;
}

/** The review in a few lines: the accuracy, the tally of classes, the turning points, the judge. */
function summary(review, { gameId, names, replayLink, pick }) {
  const counts = {};
  for (const d of review.decisions) counts[d.class] = (counts[d.class] || 0) + 1;
  const who = names && names[review.seat] ? ` — ${names[review.seat]}` : ` — ${say("seat")} ${review.seat + 1}`;
  const game = review.game;
  return h("div", null,
    h("p", { class: "coach-accuracy" }, `${say("accuracy")}${who}: `,
      review.accuracy === null ? h("span", { text: say("noDecision") })
        : h("strong", { "data-testid": "review-accuracy", text: `${num(review.accuracy)} %` })),
    h("p", { class: "coach-tally" }, ["tot", "chua_chuan", "sai", "sai_nang"].map((k) =>
      h("span", { class: `klass k-${k}`, text: `${say(k)} ${counts[k] || 0}` }))),
    review.turning_points.length ? h("div", { class: "coach-turning" },
      h("h3", { text: say("turning") }),
      h("ol", null, review.turning_points.map((d) => h("li", { "data-turning-step": String(d.step) },
        pick ? h("button", { class: "small", type: "button", "data-turning-pick": String(d.step), onclick: () => pick(d.step), text: `${say("move")} ${d.step} · ${say(d.class)}` })
          : h("strong", { text: `${say("move")} ${d.step} · ${say(d.class)}` }),
        ": ", namedText(game, d.text))))) : null,
    judgeLine(review),
    replayLink ? h("p", null, h("a", { class: "button small", href: `#/replay/${gameId}/review`, text: say("onReplay") })) : null);
}

/** Which judge, and how sure it is (the review's judge_info), in plain words. */
function judgeLine(review) {
  const info = review.judge_info || {};
  return h("p", { class: `coach-judge ${info.proven ? "proven" : "unproven"}`, "data-testid": "review-judge" },
    h("strong", { text: `${say("judge")}: ` }), say("judgeName"), info.model ? say("judgeModel") : "", ". ", say(info.proven ? "proven" : "unproven"), ".");
}

/** "Phân tích ván" as a link to the replay, where the review starts (the history's). */
export function reviewLink(gameId) {
  return h("a", { class: "button small", href: `#/replay/${gameId}/review`, "data-testid": "review-button" }, `${say("button")}`);
}

// -- the replay -------------------------------------------------------------------------------
/**
 * The coach on the replay page: the box under the replay bar, the marks along the slider once
 * reviewed, the decision at the step shown. `go(step)` moves the replay; the page calls the
 * returned function with each step it shows.
 */
export function coachReplay({ gameId, steps, seat, names, game, host, marks, go }) {
  let review = null;
  const panel = h("section", { class: "coach-decision panel", "data-testid": "review-decision", "data-game": game, hidden: true });
  const showAt = (step) => {
    const d = review && review.decisions.find((x) => x.step === step + 1);
    panel.hidden = !d;
    if (d) panel.replaceChildren(...decisionView(game, d));
  };
  let current = 0;
  const pick = (step) => { // a marked move: the replay just before it, the decision in sight
    go(step - 1);
    showAt(step - 1);
    panel.scrollIntoView({ block: "nearest" });
  };
  const onReview = (r) => {
    review = r;
    const marked = r.decisions.filter((d) => MARKED.has(d.class));
    marks.setAttribute("aria-label", say("marksLabel"));
    marks.replaceChildren(...marked.map((d) => h("button", {
      class: `review-mark k-${d.class}`, "data-review-step": String(d.step), type: "button",
      style: `left: ${(100 * (d.step - 1)) / Math.max(1, steps)}%`,
      title: `${say("move")} ${d.step}: ${say(d.class)}`, "aria-label": `${say("move")} ${d.step}: ${say(d.class)}`,
      onclick: () => pick(d.step),
    })));
    marks.hidden = false;
    if (!marked.length) marks.replaceChildren(h("span", { class: "muted", text: say("noMarks") }));
    showAt(current);
  };
  const auto = /\/review$/.test(location.hash);
  host.replaceChildren(panel, reviewBox({ gameId, seat, names, game, onReview, replayLink: false, auto, pick }));
  return (step) => { current = step; showAt(step); };
}

/** One decision: played vs better, their cards drawn, the loss, the coach's sentence. */
function decisionView(game, d) {
  const played = d.values[0] || { action: d.played, cards: [] };
  const best = d.values.find((v) => v.action === d.best) || played;
  const side = (title, v, cls) => h("div", { class: `coach-move ${cls}` },
    h("h4", { text: title }),
    h("div", { class: "cards sm" }, (v.cards || []).map((c) => cardEl(game, c, "sm"))),
    h("p", { class: "coach-label", text: namedText(game, v.action) }),
    v.worlds ? h("p", { class: "muted", text: `${v.mean >= 0 ? "+" : ""}${num(v.mean, 2)} ± ${num(v.error, 2)} ${say("points")}` }) : null);
  const same = d.best === d.played;
  return [
    h("h3", null, `${say("move")} ${d.step} · `, h("span", { class: `klass k-${d.class}`, text: say(d.class) }),
      d.loss > 0 ? ` · ${say("lost")} ${num(d.loss, 2)} ± ${num(d.loss_error, 2)} ${say("points")}` : ""),
    h("div", { class: "coach-moves" }, side(say("played"), played, "played"), same ? h("p", { class: "muted", text: say("same") }) : side(say("better"), best, "better")),
    h("p", { class: "coach-text", "data-testid": "review-text", text: namedText(game, d.text) }),
  ];
}

// -- the score sheet --------------------------------------------------------------------------
/** Each reviewed player's accuracy in the score sheet's cells (`td[data-game-id][data-seat]`). */
export async function sheetAccuracy(table, roomId) {
  if (!roomId) return;
  let found;
  try { found = await api("GET", `/api/rooms/${roomId}/reviews${codeQuery(roomId)}`); } catch (e) { return; }
  let shown = 0;
  for (const r of found.reviews || []) {
    if (r.accuracy === null || r.accuracy === undefined) continue;
    const cell = table.querySelector(`td[data-game-id="${r.game_id}"][data-seat="${r.seat}"]`);
    if (!cell || cell.querySelector("[data-testid=accuracy]")) continue;
    cell.append(h("span", {
      class: "accuracy", "data-testid": "accuracy", "data-seat": String(r.seat),
      title: say("accuracy"), "aria-label": `${say("accuracy")} ${num(r.accuracy, 0)} %`, text: `◎ ${num(r.accuracy, 0)} %`,
    }));
    shown += 1;
  }
  const box = table.closest(".sheet-box");
  if (shown && box && !box.querySelector(".sheet-legend")) box.append(h("p", { class: "sheet-legend", text: say("legend") }));
}
