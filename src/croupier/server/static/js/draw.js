// A table page drawn from the view shown: its header, the seats, the felt, the player's
// bet and rack, his decisions (or the dealer's console) and the outcome; the focus kept
// on the control clicked through the redraw its command brings, and moved to the
// decision when the player's turn starts. `t`: the table page's state (tablepage.js).
// Nothing here knows a game.
import { api } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { control } from "./commands.js";
import { felt, laterWagerButtons } from "./layouts.js";
import { roundHeader } from "./words.js";
import { focusKey, focusLost, landing, refocus, seated, turnFocus } from "./focus.js";
import { CONNECTION } from "./connection.js";
import { decisionKeys } from "./shortcuts.js";
import { say, showBalance, versionOf } from "./said.js";
import { drawTools } from "./rack.js";
import { drawSeatBar } from "./seatbar.js";
import { finishRender, shownView } from "./outcome.js";
import { onSpot, send } from "./send.js";
import { declined, legalSpotsOf, legalWagers, mySeat, removal, seatWagers, undoSpot } from "./wagers.js";

const main = document.getElementById("main");

export function render(t) {
  if (!t.view) return;
  const { view, decisions } = t;
  const key = focusKey(document.activeElement);
  const onTable = document.activeElement?.closest?.(".table-page") != null;
  draw(t);
  const seat = mySeat(t);
  const wasMine = t.myTurn;
  // A decision to make, not the betting (the chips and the felt are the player's then).
  const betting = (view.view || {}).phase === "betting" || view.deadline?.kind === "betting";
  t.myTurn = seat !== null && view.round_status === "open" && !betting && (view.waiting_for || []).includes(seat);
  dealt(t);
  const turnTo = turnFocus(decisions, t.myTurn && !wasMine);
  if (turnTo) turnTo.focus();
  // (The page's main region, focused by the route, keeps the focus.)
  else if (key && focusLost() && document.activeElement !== main) refocus(key, key.includes("data-sit") ? seated(t.rack) : landing(t));
  else if (onTable && focusLost()) landing(t)?.focus();
  // The decisions the focus was left on have nothing more to decide (the turn is over).
  else if (document.activeElement === decisions && !decisions.querySelector(".actions button")) landing(t)?.focus();
}

// The deal and the roll: a card, tile or die not on the felt before comes in with a
// short animation (app.css; off by the player's choice or prefers-reduced-motion).
function dealt(t) {
  const now = new Set();
  t.feltBox.querySelectorAll(".centre, .seat.mine .hand").forEach((box, b) => {
    box.querySelectorAll("svg.equipment").forEach((piece, i) => {
      const key = `${t.view.round_id}:${b}:${i}:${piece.getAttribute("aria-label")}:${piece.closest("[data-dice]")?.dataset.dice ?? ""}`;
      now.add(key);
      if (t.shownPieces.size && !t.shownPieces.has(key)) piece.classList.add("dealt");
    });
  });
  t.shownPieces = now.size ? now : new Set([""]);
}

function draw(t) {
  const { view } = t;
  showBalance(view.balance);
  drawHeader(t);
  const seat = mySeat(t);
  // Who sits where comes with every view (a player who sat down after this page
  // loaded shows at once), not from the table as it was read on load.
  const seats = view.seats || t.table.seats || [];
  drawSeatBar(t, seat, seats);
  const legalSpots = legalSpotsOf(t);
  const limits = {}; // spot -> the amounts that may be wagered there now
  for (const lc of legalWagers(t)) for (const spot of lc.spots || []) limits[spot] = [lc.min_amount, lc.max_amount];
  t.feltBox.replaceChildren(felt(t.table, shownView(t), { mySeat: seat, satInRound: Boolean(view.sat_in_round), legalSpots, limits, onSpot: (spot, amount) => onSpot(t, spot, amount), seatCount: t.seatCount, seats }));
  drawBetLine(t, seat);
  drawTools(t, legalSpots);
  // Where no wager can be placed now, the chips have nothing to do: at phone width they
  // leave the screen to the seat and the decisions (app.css).
  t.rack.parentElement.classList.toggle("no-wager", legalSpots.size === 0);
  drawDecisions(t, seat, legalSpots);
  finishRender(t);
}

function drawHeader(t) {
  const { view, table, game, status } = t;
  t.header.replaceChildren(
    h("h2", { id: "table-heading", tabindex: "-1", "data-table": t.tableId }, t.named),
    h(
      "p",
      { class: "muted" },
      `Limits ${dollars(table.minimum_wager)}–${dollars(table.maximum_wager)} · ${game.chapter ? `58 Pa. Code ch. ${game.chapter} · ` : ""}`,
      h("span", { class: "round", "data-round": view.round_id || "", "data-status": view.round_status || "", "data-version": view.round_version ?? "" }, roundHeader(view.round_id, view.round_status, (view.view || {}).phase)),
      " · ",
      h("span", { class: `conn conn-${status}`, "data-conn": status }, CONNECTION[status] || status),
    ),
  );
}

// The player's money on the table now (t.betTotal): his wagers of the round shown.
function drawBetLine(t, seat) {
  t.rack.hidden = seat === null;
  t.betLine.hidden = seat === null;
  const onTable = seat === null ? {} : seatWagers(t, seat);
  const total = Object.values(onTable).reduce((a, b) => a + (typeof b === "number" ? b : 0), 0);
  const totalNode = t.betLine.querySelector("[data-total-bet]");
  totalNode.dataset.totalBet = String(total);
  t.betTotal = total;
  totalNode.textContent = dollars(total);
}

// The player's decisions, or the dealer's console: rebuilt only when what may be sent
// changes, so a half-filled form or a tile chosen survives a view that changes nothing
// for this caller.
function drawDecisions(t, seat, legalSpots) {
  const { view, decisions } = t;
  const v = view.view || {};
  const ctx = { actor: view.actor, chip: t.chipValue, label: t.game.label, fields: t.game.fields ? t.game.fields(v, seat) : {}, held: seat === null ? {} : seatWagers(t, seat) };
  const undone = undoSpot(t);
  decisions.dataset.undone = JSON.stringify(undone);
  const drawnKey = t.game.fieldsKey ? t.game.fieldsKey(v) : null;
  const controlsKey = JSON.stringify([view.actor, view.round_id, view.legal_commands, drawnKey, legalSpots.size > 0, undone]);
  if (decisions.dataset.key === controlsKey) return;
  decisions.dataset.key = controlsKey;
  const buttons = [...laterWagers(t), ...myCommands(t, undone).map((lc) => control(lc, ctx, (c) => send(t, c)))];
  decisions.replaceChildren(
    h("h3", {}, "Your decisions"),
    buttons.length ? h("div", { class: "actions" }, buttons) : h("p", { class: "muted" }, seat === null ? "Take a seat to play." : legalSpots.size ? "Choose a chip, then a betting area." : "Nothing to decide now."),
  );
  decisionKeys(main); // each decision's key on its button (aria-keyshortcuts) from the start
  decisions.hidden = view.actor === "dealer";
  t.consoleBox.hidden = view.actor !== "dealer";
  if (view.actor === "dealer") drawConsole(t, ctx);
}

// The player's commands but his wagers. The take-down the rack's Undo sends (`undone`,
// its spot) is not a decision too: one button for one act (its other spots stay here,
// each a button).
function myCommands(t, undone) {
  const { view } = t;
  const take = removal(t);
  return (view.legal_commands || [])
    .filter((lc) => view.actor !== "dealer" && lc.command !== "PlaceWager")
    .map((lc) => (lc !== take || undone === null ? lc : { ...lc, fields: { ...lc.fields, spot: { ...lc.fields.spot, options: lc.fields.spot.options.filter((o) => o.value !== undone) } } }))
    .filter((lc) => lc.command !== take?.command || lc.fields.spot.options.length);
}

// A wager offered after the betting (Go Fore It's Back 9, Criss-Cross Poker's Across,
// Down and Middle Bets) is a decision too: a button beside the fold, as well as its
// highlighted area on the felt. Where the layout names the amounts the regulation offers
// (Criss-Cross Poker's 1x, 2x and 3x the Ante), one button each, its amount written on
// it. An optional wager the rules let a player decline by not making it (Double Back
// Jack's Insurance) has a button that says so: its offer is closed on this page.
function laterWagers(t) {
  const { view } = t;
  const v = view.view || {};
  if (!(view.round_status === "open" && v.phase && v.phase !== "betting")) return [];
  return laterWagerButtons(t.game, legalWagers(t), (spot, amount) => onSpot(t, spot, amount), declined(t, view.round_id), (spot, said) => {
    const now = t.view; // the view when the decline is clicked
    declined(t, now.round_id).add(spot);
    say(said, "info", versionOf(now));
    t.decisions.dataset.key = "";
    render(t);
  });
}

function drawConsole(t, ctx) {
  const verify = h("button", { class: "action", onclick: async () => {
    try {
      const r = await api.verify(t.tableId);
      say(r.ok ? `Chain verifies: ${r.events} events, head ${r.head_hash.slice(0, 12)}…` : `DOES NOT VERIFY: ${r.problem}`, r.ok ? "info" : "error");
    } catch (error) { say(error.message, "error"); }
  } }, "Verify the event chain");
  t.consoleBox.replaceChildren(
    h("h3", {}, "Dealer / floor console"),
    h("div", { class: "actions" }, (t.view.legal_commands || []).map((lc) => control(lc, ctx, (c) => send(t, c)))),
    h("div", { class: "actions" }, verify),
  );
}
