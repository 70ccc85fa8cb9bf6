// The fairness of an online game (docs/records.md, docs/protocol.md): the commitment to the
// deal the server pushed before the first card, shown with the result, and the game's record
// to download once it is over (which `chieu verify` checks against that commitment).
import { t } from "./i18n.js";
import { h, session, toast } from "./util.js";

const SHORT = 16; // hex digits shown; the whole fingerprint is in the title and on a tap

/** "The deal was committed before play: 1a2b…" (null without a commitment). */
export function sealedLine(commitment) {
  if (typeof commitment !== "string" || !/^[0-9a-f]{64}$/.test(commitment)) return null;
  const code = h("code", {
    class: "fingerprint", "data-testid": "commitment", "data-commitment": commitment,
    title: commitment, tabindex: "0", role: "button", "aria-label": commitment,
  }, `${commitment.slice(0, SHORT)}…`);
  const full = () => { code.textContent = code.textContent.length > SHORT + 1 ? `${commitment.slice(0, SHORT)}…` : commitment; };
  code.addEventListener("click", full);
  code.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); full(); } });
  return h("p", { class: "sealed muted" }, `${t("dealSealed")}: `, code);
}

/** A button that downloads the game's record (the committed JSON lines). */
export function recordButton(gameId, game) {
  return h("button", {
    type: "button", "data-testid": "download-record",
    onclick: () => downloadRecord(gameId, game),
  }, t("downloadRecord"));
}

async function downloadRecord(gameId, game) {
  try {
    const res = await fetch(`/api/games/${gameId}/record`, { headers: { Authorization: `Bearer ${session.token}` } });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const blob = await res.blob();
    const a = h("a", { href: URL.createObjectURL(blob), download: `chieu-${game || "game"}-${gameId}.jsonl` });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  } catch (e) { toast(e.message, "error"); }
}
