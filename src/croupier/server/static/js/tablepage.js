// A table (#/table/ID): built here, its state in one object `t` that the table page's
// modules share (wagers.js, send.js, rack.js, seatbar.js, draw.js, outcome.js, turn.js);
// live.js brings each view. Nothing here knows a game.
import { api } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { LiveView } from "./live.js";
import { gameOf } from "./layouts.js";
import { sharedName, tableName } from "./words.js";
import { openHelp } from "./help.js";
import { motionToggle } from "./motion.js";
import { say } from "./said.js";
import { CHIPS, drawTools, renderRack } from "./rack.js";
import { render } from "./draw.js";
import { loadThrows } from "./outcome.js";
import { onStatus, onView, tick } from "./turn.js";

const main = document.getElementById("main");
let live = null;
let ticker = null; // the countdown of the table shown (one at a time)

// The table's live view stops (the page is left).
export function leaveTable() {
  if (live) { live.stop(); live = null; }
}

// `me`: the account signed in; `early`: the table and the lobby's list (its seat count),
// asked for at once (and before the sign-in was checked, by route): one wait, not two.
export async function tablePage(tableId, me, early = null) {
  if (!me) {
    say("Sign in first.", "error");
    location.hash = "#/";
    return;
  }
  const [table, tables] = await (early || Promise.all([api.table(tableId), api.tables()]));
  const game = gameOf(table);
  const summary = tables.find((x) => x.id === tableId);
  const named = tableName(summary, tables, game.title);
  const shared = Boolean(summary && sharedName(summary, tables));
  document.title = `croupier — ${named}`;
  const t = {
    tableId, table, game, named, shared, me,
    seatCount: summary ? summary.seat_count : 6,
    chipValue: CHIPS.find((c) => c >= table.minimum_wager) || table.minimum_wager,
    view: null, status: "connecting", busy: false, myTurn: false, clock: null,
    bets: {}, declines: {}, shownPieces: new Set(), lastRound: { id: null, view: null }, kept: null, betTotal: 0, throwsOf: new Map(),
    ...tableNodes(game),
    get live() { return live; },
    render: () => render(t),
    drawTools: () => drawTools(t),
  };
  showPage(t);
  loadThrows(t);
  renderRack(t);
  clearInterval(ticker);
  ticker = setInterval(() => { if (t.turnBox.isConnected) tick(t); else clearInterval(ticker); }, 250);
  if (live) live.stop();
  live = new LiveView(tableId, (next) => onView(t, next), (s) => onStatus(t, s), (text) => say(text));
  live.start();
}

// The table page's regions, each drawn by its module.
function tableNodes(game) {
  return {
    header: h("div", { class: "table-head" }),
    // Who acts now and the time left of the wait in progress (the view's deadline).
    turnBox: h("div", { class: "turn", "data-kind": "" }, h("span", { class: "who-acts", role: "status" }), " ", h("span", { class: "countdown" }), " ", h("span", { class: "on-timeout" })),
    seatBar: h("div", { class: "seat-bar" }),
    feltBox: h("div", { class: "felt-box" }),
    rack: h("div", { class: "rack", role: "group", "aria-label": "chips" }),
    tools: h("div", { class: "rack-tools", role: "group", "aria-label": "your wagers: rebet, undo, clear" }),
    // Focusable from a script (tabindex -1): the focus stays here once a decision clicked
    // is gone (a Back 9 placed, a double made), and where a turn offers only a surrender.
    decisions: h("section", { class: "decisions", "aria-label": "your decisions", tabindex: "-1" }),
    // Hidden until a view says the caller is the dealer (render).
    consoleBox: h("section", { class: "console", "aria-label": "dealer and floor console", hidden: true }),
    resultBox: h("div", { class: "result-box" }),
    signBox: h("details", { class: "sign" }, h("summary", {}, "Payout odds (table sign)")),
    // The player's money on the table now: his wagers (and purchases) of the round shown.
    betLine: h("p", { class: "bet-line" }, "Your bet: ", h("strong", { "data-total-bet": "0" }, dollars(0))),
    // What the player won in the round just settled, said at once beside his controls: in
    // the page's flow, never in the bar held at a phone's bottom, where it would cover the
    // felt's last areas (issue 34; app.css).
    winBox: h("div", { class: "win-box", role: "status" }),
    // The last throws at a dice table (the layout's `throws`), newest first.
    strip: h("section", { class: "last-results", "aria-label": "last results", hidden: !game.throws }),
  };
}

// The regions in the page, with the table's help, history and the lobby; its sign once
// it comes.
function showPage(t) {
  const { tableId, shared, signBox } = t;
  main.replaceChildren(
    h("div", { class: "table-page" }, h("div", { class: "table-top" }, t.header, t.seatBar, motionToggle()), t.turnBox, t.feltBox, t.winBox, h("div", { class: "controls" }, t.betLine, t.rack, t.tools, t.decisions), t.strip, t.consoleBox, t.resultBox, signBox,
      h("p", {}, h("button", { type: "button", class: "link", "data-help-table": tableId, "data-help-shared": String(shared), "aria-keyshortcuts": "?", onclick: () => openHelp(tableId, shared) }, "How to play, what it pays, the return and the keys (?)"), " · ", h("a", { href: `#/history/${encodeURIComponent(tableId)}` }, "Round history and replays"), " · ", h("a", { href: "#/" }, "Lobby"))),
  );
  api.sign(tableId).then(
    (s) => signBox.append(h("pre", {}, s.text)),
    () => signBox.append(h("p", { class: "muted" }, "No sign is drawn for this game yet.")),
  );
}
