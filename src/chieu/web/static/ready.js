// Between two games: the ready step ("Sẵn sàng" / "Ready"), drawn by the board (board.js)
// in its own region, in the dock on a phone. The room says who is ready (room.ready, the
// room's seats) and when the pause ends (room.next_at); docs/protocol.md.
import { t } from "./i18n.js";
import { h } from "./util.js";

/** Between two games: a Ready button for a seated person (pressed once: it says so), who
 * is ready and who is not, and when the next game is dealt anyway (the room's pause). */
export function readyStep(board, room, viewer, people) {
  if (board.opts.readOnly || room.status !== "between") return [];
  const ready = new Set(room.ready || []);
  const seated = viewer !== null && viewer !== undefined && people.some(([s]) => s === viewer);
  const done = seated && (ready.has(viewer) || !!board.nextSent);
  const press = () => {
    if (board.nextSent) return;
    board.nextSent = true;
    if (board.opts.onNext && board.opts.onNext() === false) board.nextSent = false;
    board.rerender();
  };
  return [h("section", { class: "ready-step", "data-testid": "ready-step", "aria-label": t("readyTitle") },
    h("div", { class: "ready-row" },
      seated ? h("button", {
        class: `primary ready${done ? " done" : ""}`, "data-testid": "ready", "aria-pressed": String(done),
        "data-done": done ? "true" : "false", disabled: done, onclick: press,
      }, done ? `✓ ${t("readyDone")}` : `${t("ready")} ▶`) : null,
      room.next_at ? h("span", { class: "next-in", "data-testid": "next-countdown" }, `${t("nextIn")} `,
        h("strong", { class: "countdown plain", "data-deadline": String(room.next_at) })) : null),
    h("ul", { class: "ready-list", "data-testid": "ready-list", "aria-live": "polite" }, people.map(([s, name, away]) => {
      const yes = ready.has(s) || (s === viewer && !!board.nextSent);
      const state = yes ? "ready" : away ? "away" : "waiting";
      return h("li", { class: `r-${state}`, "data-seat": String(s), "data-ready": String(yes) },
        h("span", { class: "mark", "aria-hidden": "true", text: yes ? "✓" : away ? "⏸" : "…" }),
        h("strong", { text: `${name}:` }), " ", h("span", { class: "state", text: t(`ready_${state}`) }));
    })),
    h("p", { class: "help", text: t("readyHelp") }))];
}
