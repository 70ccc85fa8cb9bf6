// The page: the header (language, sound, text and card size), the first-visit name, and
// the hash routes — #/ (lobby), #/room/{id}, #/replay/{game_id}, #/sheet/{room_id}, #/me,
// #/rules/{game} (readable before giving a name), #/learn/{game}[/{lesson}] (the lessons).
import { getLang, setLang, t } from "./i18n.js";
import { showLearn } from "./learn.js";
import { showGuest, showHistory, showLobby, showReplay, showSheet, stopReplay } from "./pages.js";
import { claimSeat } from "./rooms.js";
import { showRules } from "./rules.js";
import { closeTable, relang, showTable } from "./table.js";
import { applySettings, h, keepSessionAlive, personName, renewSession, saveSettings, session, settings, signOut } from "./util.js";

const main = document.getElementById("app");
const header = document.getElementById("top");

function toggle(key, icon, label, testid) {
  return h("button", {
    class: `chip${settings[key] ? " on" : ""}`, "aria-pressed": String(!!settings[key]), "data-testid": testid,
    title: label, "aria-label": label,
    onclick: () => { settings[key] = !settings[key]; saveSettings(); drawHeader(); },
  }, h("span", { "aria-hidden": "true", text: icon }), h("span", { class: "lbl", "aria-hidden": "true", text: ` ${label}` }));
}

function drawHeader() {
  document.title = t("appTitle");
  header.replaceChildren(
    h("a", { class: "brand", href: "#/" }, h("span", { class: "logo", "aria-hidden": "true" }), "Chiếu"),
    h("nav", null,
      h("a", { href: "#/", text: t("lobby") }),
      session.token ? h("a", { href: "#/me", "data-testid": "history-link", text: t("history") }) : null),
    h("span", { class: "who", text: session.player ? `${t("hello")}, ${personName(session.player)}` : "" }),
    session.player ? h("button", {
      class: "chip", "data-testid": "sign-out", title: t("signOut"),
      onclick: async () => {
        if (session.player.guest && !window.confirm(t("signOutConfirm"))) return;
        await signOut();
        location.hash = "#/";
        route();
      },
    }, t("signOut")) : "",
    h("span", { class: "toggles" },
      toggle("muted", settings.muted ? "✕" : "♪", settings.muted ? t("unmute") : t("mute"), "mute-toggle"),
      toggle("bigText", "A+", t("bigText"), "big-text-toggle"),
      toggle("bigCards", t("bigCardsShort"), t("bigCards"), "big-cards-toggle"),
      h("button", {
        class: "chip", "data-testid": "lang-toggle", lang: getLang() === "vi" ? "en" : "vi",
        "aria-label": t("lang"), title: t("lang"),
        onclick: () => { setLang(getLang() === "vi" ? "en" : "vi"); drawHeader(); relang(); if (!location.hash.startsWith("#/room/")) route(); },
      }, t("langShort"))),
  );
}

async function ensurePlayer() {
  if (session.player) { keepSessionAlive(); return true; }
  if (!session.token) return false;
  // on load: the session renewed (a fresh token, 24 h more), and again every hour
  return renewSession();
}

async function route() {
  closeTable();
  stopReplay();
  const hash = location.hash || "#/";
  const parts = hash.replace(/^#\/?/, "").split("/");
  const rules = parts[0] === "rules" && parts[1];
  if (parts[0] === "seat" && parts[1]) { // a seat link (issue 30): it may need no name at all
    drawHeader();
    const ask = () => showGuest(main, () => { drawHeader(); route(); });
    await claimSeat(main, parts[1], ask); // given: it goes on to the table (#/room/{id})
    return;
  }
  if (!(await ensurePlayer()) && !rules) {
    drawHeader();
    showGuest(main, () => { drawHeader(); route(); });
    return;
  }
  drawHeader();
  try {
    if (rules) { await showRules(main, parts.slice(1).join("/")); return; }
    if (parts[0] === "room" && parts[1]) await showTable(main, Number(parts[1]));
    else if (parts[0] === "replay" && parts[1]) await showReplay(main, Number(parts[1]));
    else if (parts[0] === "sheet" && parts[1]) await showSheet(main, Number(parts[1]));
    else if (parts[0] === "me") await showHistory(main);
    else if (parts[0] === "learn" && parts[1]) await showLearn(main, parts.slice(1).join("/"));
    else await showLobby(main);
  } catch (e) {
    main.replaceChildren(h("p", { class: "error", text: `${t("error")}: ${e.message}` }));
  }
  main.focus({ preventScroll: true });
}

setLang(getLang());
applySettings();
window.addEventListener("hashchange", route);
route();
