// The browser tables: lobby (#/, lobby.js), a table (#/table/ID), its history
// (#/history/ID) and the replay of a round hand by hand (#/replay/ROUND), and a player's
// check that a round was dealt from what was committed (#/verify/ROUND; all three
// history.js). Everything the player may do comes from the server's legal_commands;
// nothing here decides what the rules allow.

import { api, Problem, setToken, token } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { control, humanize } from "./commands.js";
import { LiveView } from "./live.js";
import { felt, gameOf, laterWagerButtons, results, settlementsOf } from "./layouts.js";
import { chip } from "./svg.js";
import { closedBy, roundHeader, roundNet, roundSummary, saidCommand, seatMessageStale, sharedName, tableName, takeDownWords, timeoutSentence, whoActs } from "./words.js";
import { committed, freshSeed, given, recordGiven, remember } from "./seeds.js";
import { wagerCommand, wagersOf } from "./offers.js";
import { begin, changed, signInAgain, stop } from "./session.js";
import { firstDecision, focusKey, focusLost, refocus } from "./focus.js";
import { CONNECTION, connection, connectionDown, connectionGone } from "./connection.js";
import { openHelp } from "./help.js";
import { decisionKeys, listen } from "./shortcuts.js";
import { balanceShown, forgetStale, messages, noBalance, say, showBalance, unsay } from "./said.js";
import { motionToggle } from "./motion.js";
import { lobby } from "./lobby.js";
import { historyPage, replayPage, verifyPage } from "./history.js";

const SEED_CITE = "GLI-19 4.4.4(a)"; // a seat's seed refused (croupier.server.seals)

const main = document.getElementById("main");
const whoNode = document.getElementById("who");
let me = null;
let live = null;
let ticker = null; // the countdown of the table shown (one at a time)

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

// --- a table -----------------------------------------------------------------------------
const CHIPS = [100, 500, 1000, 2500, 10000, 50000, 100000];

async function tablePage(tableId, early = null) {
  if (!me) {
    say("Sign in first.", "error");
    location.hash = "#/";
    return;
  }
  // The table and the lobby's list (its seat count), asked for at once (and before the
  // sign-in was checked, by route): one wait, not two.
  const [first, tables] = await (early || Promise.all([api.table(tableId), api.tables()]));
  let table = first;
  const game = gameOf(table);
  const summary = tables.find((t) => t.id === tableId);
  const named = tableName(summary, tables, game.title);
  const shared = Boolean(summary && sharedName(summary, tables));
  document.title = `croupier — ${named}`;
  const seatCount = summary ? summary.seat_count : 6;
  let chipValue = CHIPS.find((c) => c >= table.minimum_wager) || table.minimum_wager;
  let view = null;
  let status = "connecting";

  const header = h("div", { class: "table-head" });
  // Who acts now and the time left of the wait in progress (the view's deadline).
  const turnBox = h("div", { class: "turn", "data-kind": "" }, h("span", { class: "who-acts", role: "status" }), " ", h("span", { class: "countdown" }), " ", h("span", { class: "on-timeout" }));
  let clock = null; // {deadline, until (performance.now() ms), key}
  const seatBar = h("div", { class: "seat-bar" });
  const feltBox = h("div", { class: "felt-box" });
  const rack = h("div", { class: "rack", role: "group", "aria-label": "chips" });
  const tools = h("div", { class: "rack-tools", role: "group", "aria-label": "your wagers: rebet, undo, clear" });
  // Focusable from a script (tabindex -1): the focus stays here once a decision clicked
  // is gone (a Back 9 placed, a double made), and where a turn offers only a surrender.
  const decisions = h("section", { class: "decisions", "aria-label": "your decisions", tabindex: "-1" });
  // Hidden until a view says the caller is the dealer (render).
  const consoleBox = h("section", { class: "console", "aria-label": "dealer and floor console", hidden: true });
  const resultBox = h("div", { class: "result-box" });
  const signBox = h("details", { class: "sign" }, h("summary", {}, "Payout odds (table sign)"));
  // The player's money on the table now: his wagers (and purchases) of the round shown.
  const betLine = h("p", { class: "bet-line" }, "Your bet: ", h("strong", { "data-total-bet": "0" }, dollars(0)));
  // What the player won in the round just settled, said at once beside his controls: in
  // the page's flow, never in the bar held at a phone's bottom, where it would cover the
  // felt's last areas (issue 34; app.css).
  const winBox = h("div", { class: "win-box", role: "status" });
  // The last throws at a dice table (the layout's `throws`), newest first.
  const strip = h("section", { class: "last-results", "aria-label": "last results", hidden: !game.throws });
  main.replaceChildren(
    h("div", { class: "table-page" }, h("div", { class: "table-top" }, header, seatBar, motionToggle()), turnBox, feltBox, winBox, h("div", { class: "controls" }, betLine, rack, tools, decisions), strip, consoleBox, resultBox, signBox,
      h("p", {}, h("button", { type: "button", class: "link", "data-help-table": tableId, "data-help-shared": String(shared), "aria-keyshortcuts": "?", onclick: () => openHelp(tableId, shared) }, "How to play, what it pays, the return and the keys (?)"), " · ", h("a", { href: `#/history/${encodeURIComponent(tableId)}` }, "Round history and replays"), " · ", h("a", { href: "#/" }, "Lobby"))),
  );
  api.sign(tableId).then(
    (s) => signBox.append(h("pre", {}, s.text)),
    () => signBox.append(h("p", { class: "muted" }, "No sign is drawn for this game yet.")),
  );

  function mySeat() {
    return typeof view?.actor === "number" ? view.actor : null;
  }

  let busy = false;

  async function send(command, { wager = false, words = null, bet = command } = {}) {
    if (busy) return false; // one command at a time: a double click sends it once
    busy = true;
    const key = focusKey(document.activeElement);
    // The fields the offer of this command types as amounts (said in dollars).
    const offered = (view?.legal_commands || []).find((lc) => lc.command === command.type);
    const moneyFields = Object.entries(offered?.fields || {}).filter(([, f]) => f.kind === "amount").map(([k]) => k);
    // Every control is disabled while the command is in flight (and those a live update
    // draws meanwhile take no clicks: aria-busy, see app.css).
    const pageNode = main.querySelector(".table-page");
    pageNode?.setAttribute("aria-busy", "true");
    const held = [...main.querySelectorAll(".table-page button:not([disabled])")];
    for (const b of held) b.disabled = true;
    try {
      const open = view && view.round_status === "open";
      const betting = !open || (view.view || {}).phase === "betting";
      const version = wager ? undefined : open ? view.round_version : 0;
      const out = wager ? await sendWager(command, version) : await api.command(tableId, command, version);
      if (wager && betting) placed(out.round_id, bet);
      if (out.balance !== null && out.balance !== undefined) showBalance(out.balance);
      changed();
      const said = words || (game.said && game.said(command)) || saidCommand(command, game.label, humanize(command.type), moneyFields);
      say(said, "info", `${out.round_id}@${out.round_version}`);
      await live.refresh();
      // The socket may have brought the new view before this answer came: the page's own
      // record of its wagers (the rack's Undo) is drawn again from it all the same, the
      // felt left as it is.
      drawTools();
      // So are the decisions where that view came first: drawn before this page knew of
      // its wager, they offered its take-down beside the rack's Undo (one button each).
      if (decisions.dataset.undone !== undefined && decisions.dataset.undone !== JSON.stringify(undoSpot())) render();
      return true;
    } catch (error) {
      if (error instanceof Problem && error.cite === "server:optimistic-concurrency") {
        // The table moved on before the command arrived: show it as it is now, quietly.
        messages.replaceChildren();
        await live.refresh();
      } else {
        say(error.message, "error", view && view.round_id ? `round:${view.round_id}` : null);
        // Refused by how the table stands (409) or by what this player may do now (403, a
        // player disabled or excluded meanwhile): show the table as it is.
        if (error instanceof Problem && (error.status === 409 || error.status === 403)) live.refresh();
      }
    } finally {
      busy = false;
      pageNode?.removeAttribute("aria-busy");
      for (const b of held) if (b.isConnected) b.disabled = false;
      if (key && focusLost()) refocus(key, landing());
    }
  }

  // Where the focus goes once the control it was on is gone (issue 34: it fell to the
  // page's body, or to the skip link above the table, or to decisions with none to make):
  // the next decision (the decisions where only a surrender or a fold is left), the chip
  // chosen, the first area the player may bet, else the table's heading.
  function landing() {
    const shown = (n) => (n && n.isConnected && n.offsetParent !== null ? n : null);
    const chipNow = rack.querySelector('.chip-button[aria-pressed="true"]') || rack.querySelector(".chip-button");
    const deciding = !decisions.hidden && decisions.querySelector(".actions button, .actions form");
    return firstDecision(decisions) || (deciding ? shown(decisions) : null) || shown(chipNow) || shown(feltBox.querySelector(".spot.legal")) || document.getElementById("table-heading");
  }

  // A wager: the first of a round carries this browser's seed (committed before the round
  // opened) and the commitment to the next; where the round opened without it (the seat
  // committed after it opened, or gave none), the wager goes without it.
  async function sendWager(command, version) {
    const roundId = view && view.round_status === "open" ? view.round_id : null;
    // The seal announced before the round: the one shown when this wager opens it (read
    // now: a live update may replace the view while the command is in flight).
    const seal = roundId === null ? view?.seal ?? null : null;
    const mine = committed(tableId);
    if (!table.settings?.client_seeds || !mine || (roundId && given(roundId))) {
      return api.command(tableId, command, version);
    }
    const next = await freshSeed();
    const seeds = next ? { next_seed_commitment: next.commitment } : {};
    let out;
    let gave = true;
    try {
      out = await api.command(tableId, command, version, { ...seeds, client_seed: mine.seed });
    } catch (error) {
      if (!(error instanceof Problem && error.cite === SEED_CITE)) throw error;
      gave = false;
      out = await api.command(tableId, command, version, seeds);
      say(`Your seed could not enter this round (${error.message}); it enters the next.`, "info");
    }
    remember(tableId, next);
    recordGiven(out.round_id, { seat: mySeat(), seed: gave ? mine.seed : null, seal });
    return out;
  }

  // The wagers this page placed in each round's betting, by round: Rebet places those of
  // the last round again; Undo takes down the last placed, Clear every one, where the
  // table offers to take a wager down (a command on one of the caller's spots alone).
  const bets = {}; // round id -> [{spot, amount, cost}] (cost: on each area paired with it too)
  function placed(roundId, command) {
    (bets[roundId] ||= []).push({ spot: command.spot, amount: command.amount, cost: command.cost ?? command.amount });
  }
  function lastBets() {
    const done = Object.keys(bets).filter((id) => id !== view?.round_id || view.round_status !== "open");
    return done.length ? bets[done[done.length - 1]] : [];
  }
  function removal() {
    return (view?.legal_commands || []).find((lc) => {
      const names = Object.keys(lc.fields || {});
      return lc.command !== "PlaceWager" && names.length === 2 && lc.fields.seat?.kind === "fixed" && lc.fields.spot?.kind === "choice";
    }) || null;
  }
  // The spot the rack's Undo takes down: the last this page wagered in the round that the
  // table still offers to take down (else null).
  function undoSpot() {
    const take = removal();
    if (!take) return null;
    const offered = take.fields.spot.options.map((o) => o.value);
    const here = (bets[view.round_id] || []).map((b) => b.spot).filter((spot) => offered.includes(spot));
    return here.length ? here[here.length - 1] : null;
  }
  // What the table holds of this player's, by spot (cents), in the open round.
  function myWagers() {
    if (!view || view.round_status !== "open" || mySeat() === null) return {};
    return (game.wagers ? game.wagers(view.view, mySeat()) : (view.view?.wagers || {})[String(mySeat())]) || {};
  }
  // Takes one wager down as the offer `take` allows, said with its amount and spot.
  async function takeDown(take, spot) {
    const fixed = Object.fromEntries(Object.entries(take.fields).filter(([, f]) => f.kind === "fixed").map(([k, f]) => [k, f.value]));
    const round = view.round_id;
    const { said: words, spots } = takeDownWords(spot, myWagers(), take.together, game.label);
    const ok = await send({ type: take.command, ...fixed, spot }, { words });
    if (ok && bets[round]) bets[round] = bets[round].filter((b) => !spots.includes(b.spot));
    return ok ? words : null;
  }
  // Clear: one wager down at a time, the last placed first, reading the table's offer
  // again after each answer (a wager may be offered only once those on it are down),
  // until none is left or the table offers no more.
  async function clearAll() {
    const said = [];
    for (let n = 0; n < 50; n++) {
      const take = removal();
      const offered = take ? take.fields.spot.options.map((o) => o.value) : [];
      if (!offered.length) break;
      const here = (bets[view.round_id] || []).map((b) => b.spot).filter((spot) => offered.includes(spot));
      const words = await takeDown(take, here.length ? here[here.length - 1] : offered[offered.length - 1]);
      if (!words) break;
      said.push(words);
    }
    if (said.length > 1) say(said.join(" "), "info", view ? `${view.round_id}@${view.round_version}` : null);
  }
  // Rebet: the last round's wagers in the order placed, each once the one before is
  // answered (a wager may open only beside another); one no longer offered is skipped,
  // and said.
  async function rebet(list) {
    const skipped = [];
    for (const b of list) {
      if (!legalWagers().some((lc) => (lc.spots || []).includes(b.spot))) {
        skipped.push(`${dollars(b.amount)} on ${game.label(b.spot)}`);
        continue;
      }
      if (!(await onSpot(b.spot, b.amount))) return;
    }
    if (skipped.length) say(`Not placed again, no longer offered: ${skipped.join(", ")}.`, "info", view ? `${view.round_id}@${view.round_version}` : null);
  }
  // Double: each of the player's wagers on a spot the round's offer lets take more, its
  // own amount again (a spot of one wager only is left, and one whose offer does not
  // take that much more: past its maximum, or off its step), so nothing stops halfway;
  // refused in words where the balance is short of it. Equal wagers placed together (an
  // offer's `paired` areas) are doubled by one placement, on the first of them.
  function doubles() {
    const takes = (lc, amount) => (lc.min_amount === null || amount >= lc.min_amount) && (lc.max_amount === null || amount <= lc.max_amount) && amount % (lc.step || 1) === 0;
    const offerOf = (spot, amount) => legalWagers().find((lc) => (lc.spots || []).includes(spot) && takes(lc, amount));
    return Object.entries(myWagers()).flatMap(([spot, amount]) => {
      const lc = typeof amount === "number" && amount > 0 ? offerOf(spot, amount) : null;
      if (!lc || (lc.paired && lc.paired[0] !== spot)) return [];
      const spots = lc.paired || [spot];
      return [{ spot, amount, spots, cost: amount * spots.length }];
    });
  }
  async function doubleAll(list) {
    const total = list.reduce((a, b) => a + b.cost, 0);
    const have = balanceShown();
    if (have !== undefined && total > have) {
      say(`Doubling takes ${dollars(total)} and your balance is ${dollars(have)}: nothing was doubled.`, "error");
      return;
    }
    for (const b of list) if (!(await onSpot(b.spot, b.amount))) return;
  }
  function doubleButton() {
    const list = doubles();
    const total = list.reduce((a, b) => a + b.cost, 0);
    const what = list.length ? `: ${list.flatMap((b) => b.spots.map(game.label)).join(", ")} +${dollars(total)}` : ": no wager here takes more";
    return h("button", { type: "button", class: "action", "data-rack": "double", "aria-keyshortcuts": "*", "aria-label": `Double${what}`, disabled: !list.length, onclick: () => doubleAll(list) }, "Double", h("span", { class: "rack-more" }, what));
  }
  // The rack's rebet, undo, clear and double, for the spots that take a wager now.
  function drawTools(legalSpots = new Set(legalWagers().flatMap((lc) => lc.spots || []))) {
    if (!view) return;
    tools.replaceChildren(...(mySeat() === null ? [] : rackTools(legalSpots)));
  }
  function rackTools(legalSpots) {
    const mine = view && view.round_status === "open" ? (view.view?.wagers || {})[String(mySeat())] || {} : {};
    const again = lastBets();
    const out = [];
    if (again.some((b) => legalSpots.has(b.spot)) && !Object.keys(mine).length) {
      const total = again.reduce((a, b) => a + b.cost, 0);
      out.push(h("button", { type: "button", class: "action", "data-rack": "rebet", onclick: () => rebet(again) }, `Rebet ${dollars(total)}`));
    }
    const take = removal();
    if (Object.keys(myWagers()).length && (legalSpots.size || take)) out.push(doubleButton());
    if (take) {
      // The table takes wagers down: the help lists U and C (shortcuts.js).
      main.querySelector(".table-page")?.setAttribute("data-takes-down", "");
      const offered = take.fields.spot.options.map((o) => o.value);
      const last = undoSpot();
      const send1 = (spot) => takeDown(take, spot);
      // At a phone's width the words after "Undo" and "Clear" fold away (app.css), the
      // buttons named in full all the same.
      const undo = last ? takeDownWords(last, myWagers(), take.together, game.label).undo : "";
      if (last) out.push(h("button", { type: "button", class: "action", "data-rack": "undo", "aria-label": undo, onclick: () => send1(last) }, "Undo", h("span", { class: "rack-more" }, undo.slice(4))));
      if (offered.length) out.push(h("button", { type: "button", class: "action", "data-rack": "clear", "aria-label": "Clear my wagers", onclick: clearAll }, "Clear", h("span", { class: "rack-more" }, " my wagers")));
    }
    return out;
  }

  function legalWagers() {
    const no = declined(view?.round_id);
    return wagersOf(view?.legal_commands)
      .map((lc) => ({ ...lc, spots: lc.spots.filter((s) => !no.has(s)) }))
      .filter((lc) => lc.spots.length);
  }
  // The optional wagers declined on this page, by round.
  const declines = {};
  function declined(roundId) {
    return (declines[roundId] ||= new Set());
  }

  // A wager is placed at the chip's value or not at all: an amount outside the wager's
  // limits is refused here, in words, with the amounts that may be wagered there.
  // An area whose offer takes one amount (a Back 9 Wager matching the Front 9) takes that
  // amount, whatever chip is chosen.
  function onSpot(spot, chosen = null) {
    const lc = legalWagers().find((l) => (l.spots || []).includes(spot));
    if (!lc) return false;
    const one = lc.min_amount !== null && lc.min_amount === lc.max_amount ? lc.min_amount : null;
    const amount = chosen ?? one ?? chipValue;
    const refused = outOfLimits(lc, amount, game.label(spot));
    if (refused) {
      say(refused, "error");
      return false;
    }
    // The amounts the offer takes go in steps (Craps: those its odds pay in whole cents,
    // 623a.4): the page offers the least whole-dollar amount from it in that step (Place 6
    // on $5: $6), placed only when asked.
    if (amount % lc.step) {
      const gcd = (a, b) => (b ? gcd(b, a % b) : a);
      const whole = (lc.step * 100) / gcd(lc.step, 100);
      const better = Math.ceil(amount / whole) * whole;
      if (!outOfLimits(lc, better, game.label(spot))) {
        const label = game.label(spot);
        say(h("span", {},
          `${dollars(amount)} on ${label} would not be paid in whole cents: ${lc.reason} on multiples of ${dollars(whole)}${lc.stepCite ? ` (${lc.stepCite})` : ""}. `,
          h("button", { type: "button", class: "action", "data-bet-instead": spot, onclick: () => onSpot(spot, better) }, `Bet ${dollars(better)} on ${label}`),
        ), "error");
        return false;
      }
    }
    return send(wagerCommand(lc, mySeat(), spot, amount), { wager: true, bet: { spot, amount, cost: amount * (lc.paired ? lc.paired.length : 1) } });
  }

  function outOfLimits(lc, amount, label) {
    const low = lc.min_amount ?? null;
    const high = lc.max_amount ?? null;
    if (low !== null && amount < low) {
      return `A ${dollars(amount)} chip is less than the least wager on ${label}, ${dollars(low)}: choose a chip of ${dollars(low)}${high !== null && high !== low ? ` to ${dollars(high)}` : ""}.`;
    }
    if (high !== null && amount > high) {
      return `A ${dollars(amount)} chip is more than the most that may be wagered on ${label} now, ${dollars(high)}: choose a chip of ${low !== null && low !== high ? `${dollars(low)} to ` : ""}${dollars(high)}.`;
    }
    return null;
  }

  // The chips, and any amount typed: the next area clicked takes it (where the table
  // adds wagers up, a second click adds a second chip to the stack).
  function renderRack() {
    const chips = CHIPS.filter((c) => c <= table.maximum_wager);
    const typed = h("input", {
      id: "chip-amount", type: "number", inputmode: "decimal", step: "0.01", min: table.minimum_wager / 100,
      max: table.maximum_wager / 100, placeholder: "any", "data-typed-chip": "yes",
      value: CHIPS.includes(chipValue) ? null : (chipValue / 100).toFixed(2),
    });
    typed.addEventListener("input", () => {
      const cents = Math.round(Number(typed.value) * 100);
      if (!typed.value || !(cents > 0)) return;
      chipValue = cents;
      for (const b of rack.querySelectorAll(".chip-button")) b.setAttribute("aria-pressed", "false");
    });
    rack.replaceChildren(
      h("span", { class: "rack-label" }, "Chip:"),
      ...chips.map((c) =>
        h(
          "button",
          { class: "chip-button", "aria-pressed": String(c === chipValue), "data-chip": c, "aria-label": `chip ${dollars(c)}`, onclick: () => { chipValue = c; renderRack(); rack.querySelector(`[data-chip="${c}"]`)?.focus(); } },
          chip(c),
        ),
      ),
      h("label", { class: "rack-typed", for: "chip-amount" }, "or an amount $"),
      typed,
    );
  }

  // The focus: on the control clicked, through the redraw its command brings (found
  // again by what it does); to the decision when the player's turn starts.
  let myTurn = false;
  function render() {
    if (!view) return;
    const key = focusKey(document.activeElement);
    const onTable = document.activeElement?.closest?.(".table-page") != null;
    draw();
    const seat = mySeat();
    const wasMine = myTurn;
    // A decision to make, not the betting (the chips and the felt are the player's then).
    const betting = (view.view || {}).phase === "betting" || view.deadline?.kind === "betting";
    myTurn = seat !== null && view.round_status === "open" && !betting && (view.waiting_for || []).includes(seat);
    dealt();
    const first = firstDecision(decisions);
    if (myTurn && !wasMine && first && !decisions.hidden) first.focus();
    // (The page's main region, focused by the route, keeps the focus.)
    else if (key && focusLost() && document.activeElement !== main) refocus(key, key.includes("data-sit") ? seated() : landing());
    else if (onTable && focusLost()) landing()?.focus();
    // The decisions the focus was left on have nothing more to decide (the turn is over).
    else if (document.activeElement === decisions && !decisions.querySelector(".actions button")) landing()?.focus();
  }

  // Where the focus goes once the player sits (the "Seat N" clicked is gone): the chip
  // chosen, the first step of a wager; else the table's heading.
  function seated() {
    const chipNow = rack.hidden ? null : rack.querySelector('.chip-button[aria-pressed="true"]') || rack.querySelector(".chip-button");
    return chipNow || document.getElementById("table-heading");
  }

  // The deal and the roll: a card, tile or die not on the felt before comes in with a
  // short animation (app.css; off by the player's choice or prefers-reduced-motion).
  let shownPieces = new Set();
  function dealt() {
    const now = new Set();
    feltBox.querySelectorAll(".centre, .seat.mine .hand").forEach((box, b) => {
      box.querySelectorAll("svg.equipment").forEach((piece, i) => {
        const key = `${view.round_id}:${b}:${i}:${piece.getAttribute("aria-label")}:${piece.closest("[data-dice]")?.dataset.dice ?? ""}`;
        now.add(key);
        if (shownPieces.size && !shownPieces.has(key)) piece.classList.add("dealt");
      });
    });
    shownPieces = now.size ? now : new Set([""]);
  }

  function draw() {
    const v = view.view || {};
    showBalance(view.balance);
    header.replaceChildren(
      h("h2", { id: "table-heading", tabindex: "-1", "data-table": tableId }, named),
      h(
        "p",
        { class: "muted" },
        `Limits ${dollars(table.minimum_wager)}–${dollars(table.maximum_wager)} · ${game.chapter ? `58 Pa. Code ch. ${game.chapter} · ` : ""}`,
        h("span", { class: "round", "data-round": view.round_id || "", "data-status": view.round_status || "", "data-version": view.round_version ?? "" }, roundHeader(view.round_id, view.round_status, v.phase)),
        " · ",
        h("span", { class: `conn conn-${status}`, "data-conn": status }, CONNECTION[status] || status),
      ),
    );
    const seat = mySeat();
    // Who sits where comes with every view (a player who sat down after this page
    // loaded shows at once), not from the table as it was read on load.
    const seats = view.seats || table.seats || [];
    const seatKey = JSON.stringify([seat, seats]);
    if (seatBar.dataset.key !== seatKey) {
    seatBar.dataset.key = seatKey;
    seatBar.replaceChildren();
    if (seat !== null && me.role === "player") {
      seatBar.append(
        h("span", {}, `You sit at seat ${seat}. `),
        h("button", { class: "action", "data-leave": seat, onclick: async () => {
          try {
            await api.leave(tableId, seat);
            table = await api.table(tableId);
            say(`You left seat ${seat}.`);
            render(); // the seats changed even where the view did not
            live.refresh();
          } catch (error) { say(error.message, "error"); }
        } }, `Leave seat ${seat}`),
      );
    }
    if (seat === null && me.role === "player") {
      const taken = new Set(seats.map((s) => s.seat));
      const free = [];
      for (let n = 1; n <= seatCount; n++) if (!taken.has(n)) free.push(n);
      seatBar.append(
        h("span", {}, free.length ? "Take a seat: " : "The table is full."),
        ...free.map((n) =>
          h("button", { class: "action", "data-sit": n, onclick: async () => {
            try {
              const mine = table.settings?.client_seeds ? await freshSeed() : null;
              const taken = await api.sit(tableId, n, mine?.commitment);
              remember(tableId, mine);
              table = await api.table(tableId);
              // Late only where a round is open now: otherwise his wagers open the next;
              // at a table closed for play, no round opens until it is enabled again.
              const late = view && view.round_status === "open";
              if (taken?.closed) say(`You sit at seat ${n}, but this table is closed for play ${closedBy(taken.closed_reason, taken.closed_by)}`);
              else say(late ? `You sit at seat ${n}; you play from the next round that opens.` : `You sit at seat ${n}: place your wagers.`);
              messages.firstChild.dataset.seatClosed = taken?.closed ? "yes" : "no"; // goes once it no longer holds
              live.refresh();
            } catch (error) { say(error.message, "error"); }
          } }, `Seat ${n}`),
        ),
      );
    }
    }
    const legalSpots = new Set(legalWagers().flatMap((lc) => lc.spots || []));
    const limits = {}; // spot -> the amounts that may be wagered there now
    for (const lc of legalWagers()) for (const spot of lc.spots || []) limits[spot] = [lc.min_amount, lc.max_amount];
    feltBox.replaceChildren(felt(table, shownView(), { mySeat: seat, satInRound: Boolean(view.sat_in_round), legalSpots, limits, onSpot: (spot, amount) => onSpot(spot, amount), seatCount, seats }));
    rack.hidden = seat === null;
    betLine.hidden = seat === null;
    const onTable = seat === null ? {} : (game.wagers ? game.wagers(v, seat) : (v.wagers || {})[String(seat)]) || {};
    const total = Object.values(onTable).reduce((a, b) => a + (typeof b === "number" ? b : 0), 0);
    const totalNode = betLine.querySelector("[data-total-bet]");
    totalNode.dataset.totalBet = String(total);
    betTotal = total;
    totalNode.textContent = dollars(total);
    drawTools(legalSpots);
    // Where no wager can be placed now, the chips have nothing to do: at phone width they
    // leave the screen to the seat and the decisions (app.css).
    rack.parentElement.classList.toggle("no-wager", legalSpots.size === 0);
    const ctx = {
      actor: view.actor,
      chip: chipValue,
      label: game.label,
      fields: game.fields ? game.fields(v, seat) : {},
    };
    // The take-down the rack's Undo sends is not a decision too: one button for one act
    // (its other spots stay here, each a button).
    const take = removal();
    const undone = undoSpot();
    decisions.dataset.undone = JSON.stringify(undone);
    const mine = (view.legal_commands || [])
      .filter((lc) => view.actor !== "dealer" && lc.command !== "PlaceWager")
      .map((lc) => (lc !== take || undone === null ? lc : { ...lc, fields: { ...lc.fields, spot: { ...lc.fields.spot, options: lc.fields.spot.options.filter((o) => o.value !== undone) } } }))
      .filter((lc) => lc.command !== take?.command || lc.fields.spot.options.length);
    // Rebuilt only when what may be sent changes, so a half-filled form or a tile chosen
    // survives a view that changes nothing for this caller.
    const drawnKey = game.fieldsKey ? game.fieldsKey(v) : null;
    const controlsKey = JSON.stringify([view.actor, view.round_id, view.legal_commands, drawnKey, legalSpots.size > 0, undone]);
    if (decisions.dataset.key === controlsKey) return finishRender();
    decisions.dataset.key = controlsKey;
    // A wager offered after the betting (Go Fore It's Back 9, Criss-Cross Poker's Across,
    // Down and Middle Bets) is a decision too: a button beside the fold, as well as its
    // highlighted area on the felt.
    // Where the layout names the amounts the regulation offers (Criss-Cross Poker's 1x,
    // 2x and 3x the Ante), one button each, its amount written on it.
    // An optional wager the rules let a player decline by not making it (Double Back
    // Jack's Insurance) has a button that says so: its offer is closed on this page.
    const laterWagers = view.round_status === "open" && v.phase && v.phase !== "betting"
      ? laterWagerButtons(game, legalWagers(), onSpot, declined(view.round_id), (spot, said) => {
        declined(view.round_id).add(spot);
        say(said, "info", `${view.round_id}@${view.round_version}`);
        decisions.dataset.key = "";
        render();
      })
      : [];
    const buttons = [...laterWagers, ...mine.map((lc) => control(lc, ctx, (c) => send(c)))];
    decisions.replaceChildren(
      h("h3", {}, "Your decisions"),
      buttons.length ? h("div", { class: "actions" }, buttons) : h("p", { class: "muted" }, seat === null ? "Take a seat to play." : legalSpots.size ? "Choose a chip, then a betting area." : "Nothing to decide now."),
    );
    decisionKeys(main); // each decision's key on its button (aria-keyshortcuts) from the start
    decisions.hidden = view.actor === "dealer";
    consoleBox.hidden = view.actor !== "dealer";
    if (view.actor === "dealer") {
      const verify = h("button", { class: "action", onclick: async () => {
        try {
          const r = await api.verify(tableId);
          say(r.ok ? `Chain verifies: ${r.events} events, head ${r.head_hash.slice(0, 12)}…` : `DOES NOT VERIFY: ${r.problem}`, r.ok ? "info" : "error");
        } catch (error) { say(error.message, "error"); }
      } }, "Verify the event chain");
      consoleBox.replaceChildren(
        h("h3", {}, "Dealer / floor console"),
        h("div", { class: "actions" }, (view.legal_commands || []).map((lc) => control(lc, ctx, (c) => send(c)))),
        h("div", { class: "actions" }, verify),
      );
    }
    finishRender();
  }

  // A round the server opened as soon as the last one ended, to offer the Pai Gow bank
  // (621a.11(c)) or the Double Back Jack cut (673a.5(c)): until it takes a wager, the
  // felt and the results show how the last round ended (its last step as this caller
  // saw it); the offer's buttons are the new round's.
  let lastRound = { id: null, view: null };
  function previousRound(current) {
    const v = current.view || {};
    // Opened ahead of its wagers: open, not yet betting, nothing wagered.
    const ahead = Boolean(v.phase) && v.phase !== "betting";
    if (current.round_status !== "open" || !ahead || Object.keys(v.wagers || {}).length) return null;
    const m = /^(.*)-(\d+)$/.exec(current.round_id || "");
    return m && Number(m[2]) > 1 ? `${m[1]}-${Number(m[2]) - 1}` : null;
  }
  function shownView() {
    const previous = previousRound(view);
    if (!previous) return view;
    if (lastRound.id !== previous) {
      lastRound = { id: previous, view: null };
      api.steps(previous).then((r) => {
        const steps = r.steps || [];
        if (lastRound.id !== previous || !steps.length) return;
        lastRound.view = steps[steps.length - 1].view;
        if (previousRound(view) === previous) render();
      }).catch(() => {});
    }
    return lastRound.view ? { ...view, view: lastRound.view } : view;
  }

  function renderTurn() {
    const seat = mySeat();
    const deadline = view.deadline || null;
    clock = deadline ? { deadline, until: performance.now() + deadline.seconds_left * 1000, version: `${view.round_id}@${view.round_version}` } : null;
    const who = whoActs(view, seat, connectionDown(), table.settings?.betting_seconds ?? null) || "";
    turnBox.dataset.kind = deadline ? deadline.kind : "";
    turnBox.querySelector(".who-acts").textContent = who;
    turnBox.querySelector(".on-timeout").textContent = deadline ? timeoutSentence(deadline, seat) : "";
    turnBox.hidden = !who && !deadline;
    tick();
  }

  function tick() {
    const node = turnBox.querySelector(".countdown");
    if (!clock) { node.textContent = ""; delete node.dataset.seconds; return; }
    const left = Math.max(0, Math.ceil((clock.until - performance.now()) / 1000));
    node.dataset.seconds = String(left);
    node.textContent = left ? `${left} s left.` : "Time is up.";
  }

  // The player's last result (its sentence and net), said as the last round's until he
  // wagers in the next round himself or leaves the seat: another player's wager takes
  // nothing from it.
  let kept = null;
  let betTotal = 0;
  function finishRender() {
    const shown = shownView();
    // The sentence of a round that is over (a Double Back Jack 21 is paid at once, before
    // the round's other wagers are settled: no net until then).
    const over = shown !== view || view.round_status !== "open";
    const extras = () => (game.extras ? game.extras(shown.view || {}, mySeat()) : []);
    // Only a round the player sat in is his (a seat taken since: the last occupant's).
    let summary = mySeat() === null || !over || !view.sat_in_round ? null : roundSummary(settlementsOf(shown.view || {}), mySeat(), game.label, extras());
    // A round the player won: a banner with what it brought him (its net, cents).
    let net = summary ? roundNet(settlementsOf(shown.view || {}), mySeat(), extras()) : 0;
    // Kept under the id of the round it is of: a round opened ahead shows the last one's.
    if (summary) kept = { round: shown === view ? view.round_id : previousRound(view), seat: mySeat(), summary, net };
    else if (kept && (kept.seat !== mySeat() || betTotal > 0 || kept.round === view.round_id)) kept = null;
    else if (kept) [summary, net] = [`Last round: ${kept.summary}`, kept.net];
    resultBox.replaceChildren(summary ? h("p", { class: "round-summary", role: "status" }, summary) : "", results(table, shown, { mySeat: mySeat(), satInRound: Boolean(view.sat_in_round) }) || "");
    const won = net > 0 ? String(net) : "";
    if (winBox.dataset.won !== won) {
      winBox.dataset.won = won;
      winBox.replaceChildren(net > 0 ? h("p", { class: "win-banner", "data-won": net }, "You win ", h("strong", {}, dollars(net)), "!") : "");
    }
    drawStrip();
  }

  // The last results strip: each round's throws (the layout's `throws(view)`), from the
  // rounds the player played (the history) and every round seen live on this page.
  const throwsOf = new Map(); // round id -> {number, throws}
  function noteThrows(roundId, v) {
    if (!game.throws || !roundId || !v) return;
    const m = /-(\d+)$/.exec(roundId);
    throwsOf.set(roundId, { number: m ? Number(m[1]) : 0, throws: game.throws(v) });
  }
  function drawStrip() {
    if (!game.throws) return;
    const rounds = [...throwsOf.values()].sort((a, b) => b.number - a.number);
    const last = rounds.flatMap((r) => [...r.throws].reverse()).slice(0, 20);
    const key = JSON.stringify(last);
    if (strip.dataset.key === key) return;
    strip.dataset.key = key;
    strip.replaceChildren(
      h("h3", {}, last.length === 1 ? "Last result" : last.length ? `Last ${last.length} results` : "Last results"),
      last.length
        ? h("ol", { class: "strip" }, last.map((t) => h("li", { "data-total": t.total, title: t.said }, h("span", { class: "strip-dice" }, t.dice.join(" ")), h("strong", {}, String(t.shown ?? t.total)))))
        : h("p", { class: "muted" }, "No throw yet."),
    );
  }
  if (game.throws) {
    api.rounds(tableId).then((rounds) => {
      for (const r of rounds) if (r.view && !throwsOf.has(r.round_id)) noteThrows(r.round_id, r.view);
      drawStrip();
    }).catch(() => {});
  }

  renderRack();
  clearInterval(ticker);
  ticker = setInterval(() => { if (turnBox.isConnected) tick(); else clearInterval(ticker); }, 250);
  if (live) live.stop();
  live = new LiveView(
    tableId,
    (next) => {
      // The wait shown ran out and the round moved on: say what its timeout did.
      const ran = clock && performance.now() >= clock.until - 500 && `${next.round_id}@${next.round_version}` !== clock.version;
      const said = ran ? timeoutSentence(clock.deadline, mySeat(), true) : null;
      view = next;
      forgetStale(view);
      const seatSaid = messages.querySelector("[data-seat-closed]");
      if (seatSaid && seatMessageStale(seatSaid.dataset.seatClosed === "yes", view)) seatSaid.remove();
      noteThrows(view.round_id, view.view);
      // What the timeout did stays for the rest of the round, whoever acts next, until a
      // new betting period opens (Craps: the next roll's betting, issue 34).
      if (said) {
        say(said, "info", `round:${view.round_id}`);
        messages.firstChild.dataset.timedOut = clock.deadline.kind;
      } else if (next.deadline && next.deadline.kind === "betting" && messages.querySelector("[data-timed-out]")) {
        unsay();
      }
      render();
      renderTurn();
    },
    (s) => {
      status = s;
      const node = header.querySelector(".conn");
      if (node) { node.textContent = CONNECTION[s] || s; node.className = `conn conn-${s}`; node.dataset.conn = s; }
      connection(s);
      if (view) renderTurn();
    },
  );
  live.start();
}

// --- routing ---------------------------------------------------------------------------------
// "?" opens the help of the table shown (the shortcuts' other keys act on its controls).
listen(() => {
  const button = document.querySelector(".table-page [data-help-table]");
  if (button) openHelp(button.dataset.helpTable, button.dataset.helpShared === "true");
});

async function route() {
  if (live) { live.stop(); live = null; }
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
    if (page === "table" && id) await tablePage(id, me ? early : null);
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
