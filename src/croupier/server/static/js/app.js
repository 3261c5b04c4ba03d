// The browser tables: lobby (#/, lobby.js), a table (#/table/ID, tablepage.js), its
// history (#/history/ID) and the replay of a round hand by hand (#/replay/ROUND), and a
// player's check that a round was dealt from what was committed (#/verify/ROUND; all
// three history.js). Everything the player may do comes from the server's
// legal_commands; nothing here decides what the rules allow.

import { api, Problem, setToken, token } from "./api.js";
import { h } from "./dom.js";
import { begin, signInAgain, stop } from "./session.js";
import { connectionGone } from "./connection.js";
import { openHelp } from "./help.js";
import { listen } from "./shortcuts.js";
import { messages, noBalance, say, showBalance } from "./said.js";
import { lobby } from "./lobby.js";
import { leaveTable, tablePage } from "./tablepage.js";
import { historyPage, replayPage, verifyPage } from "./history.js";

const main = document.getElementById("main");
const whoNode = document.getElementById("who");
let me = null;

const PLAYER = "croupier.player"; // the signed-in account's id (to sign in again)

async function loadMe() {
  me = null;
  if (!token()) {
    whoNode.textContent = "not signed in";
    noBalance();
    return null;
  }
  try {
    me = await api.me();
    whoNode.textContent = `${me.name} (${me.role})`;
    showBalance(me.balance);
    localStorage.setItem(PLAYER, me.id);
    await begin(me, (text) => say(text));
  } catch (error) {
    stop();
    const id = localStorage.getItem(PLAYER);
    if (error instanceof Problem && error.status === 401 && error.cite === "GLI-19 2.5.4" && id) {
      // The session ended (idle): the account stays; the player signs in again.
      messages.replaceChildren(h("p", { class: "message error" }, error.message, " ",
        h("button", { type: "button", class: "action", onclick: async () => { await signInAgain(id); route(); } }, "Sign in again")));
      me = null;
    } else if (error instanceof Problem && error.status === 401) {
      setToken(null);
      say(`The saved sign-in token was refused: ${error.message}. Sign in again.`, "error");
    } else if (error instanceof Problem) {
      say(error.message, "error");
    }
    whoNode.textContent = "not signed in";
  }
  return me;
}

// --- routing ---------------------------------------------------------------------------------
// "?" opens the help of the table shown (the shortcuts' other keys act on its controls).
listen(() => {
  const button = document.querySelector(".table-page [data-help-table]");
  if (button) openHelp(button.dataset.helpTable, button.dataset.helpShared === "true");
});

async function route() {
  leaveTable();
  connectionGone();
  messages.replaceChildren();
  const [, page, arg, more] = (location.hash || "#/").split("/");
  const id = arg ? decodeURIComponent(arg) : null;
  try {
    // A table page's own requests go out beside the sign-in check (its first paint).
    const early = page === "table" && id && token()
      ? Promise.all([api.table(id), api.tables()])
      : null;
    if (early) early.catch(() => {}); // a refusal is the sign-in's to report
    await loadMe();
    if (page === "table" && id) await tablePage(id, me, me ? early : null);
    else if (page === "history" && id) await historyPage(id, Number(more) || null);
    else if (page === "replay" && id) await replayPage(id);
    else if (page === "verify" && id) await verifyPage(id);
    else await lobby(me, loadMe);
  } catch (error) {
    say(error.message, "error");
  }
  main.focus();
}

window.addEventListener("hashchange", route);
route();
