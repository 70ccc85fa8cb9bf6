// The seat's hints, asked of the server on demand, that always answer: one request at a time
// (a tap while one is out asks again once it is back: a fresh answer, never a blank), a
// visible "đang tính…" while waiting, and a 429 waited out (Retry-After) and asked again.
import { cardEl } from "./cards.js";
import { t } from "./i18n.js";
import { h } from "./util.js";

const TRIES = 8; // 429s in a row before giving up (each waits Retry-After, 1 s by default)

export class HintAsker {
  /** `ask()`: a promise of the hints JSON; `changed()`: redraw. */
  constructor(ask, changed) {
    this.ask = ask;
    this.changed = changed;
    this.data = null;
    this.busy = false;
    this.again = false;
    this.error = "";
  }

  /** A tap: ask now, or once more after the request out. */
  request() {
    if (this.busy) { this.again = true; return; }
    this.run();
  }

  async run() {
    this.busy = true;
    this.error = "";
    this.changed();
    do {
      this.again = false;
      for (let tries = 0; ; tries++) {
        try {
          this.data = await this.ask();
          this.error = "";
          break;
        } catch (e) {
          if (e && e.status === 429 && tries < TRIES) {
            const wait = Math.max(0.2, Number(e.retryAfter) || 1);
            await new Promise((resolve) => setTimeout(resolve, wait * 1000));
            continue;
          }
          this.error = (e && e.message) || t("hintsFailed");
          break;
        }
      }
    } while (this.again);
    this.busy = false;
    this.changed();
  }

  /** What the panel shows, for the board's signature. */
  sig(version) {
    return [this.busy, this.error, this.data, this.data && this.data.version === version];
  }

  /** The panel: the button, "đang tính…" while a request is out, the hints of this position
   * (an older answer marked as such while a new one is coming). */
  panel(v, version) {
    const body = [];
    if (this.busy) body.push(h("p", { class: "hints-pending", role: "status", "data-testid": "hints-pending", text: t("hintsPending") }));
    if (this.error && !this.busy) body.push(h("p", { class: "error", role: "status", text: this.error }));
    const help = this.data && (this.data.version === version || this.busy) ? this.data : null;
    if (help) {
      body.push(h("ul", { class: `hints${help.version === version ? "" : " stale"}`, "data-testid": "hints" },
        (help.hints.length ? help.hints : [t("noHints")]).map((line) => h("li", { text: line }))));
      const items = Object.entries(help.unseen || {}).filter(([, n]) => n > 0);
      if (items.length) {
        body.push(h("h4", { text: t("unseen") }),
          h("div", { class: "unseen", "data-testid": "unseen" },
            items.map(([c, n]) => h("span", { class: "u", "data-unseen": c }, cardEl(v.game, c, "xs"), `×${n}`))));
      }
    }
    const ask = h("button", { "data-testid": "hints-button", "aria-busy": this.busy ? "true" : null, onclick: () => this.request() },
      t("showHints"));
    return h("section", { class: "panel" }, h("h3", { text: t("hints") }), ask, ...body);
  }
}
