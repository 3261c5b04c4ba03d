// A table page's commands to the server: one at a time, every control held meanwhile,
// the answer said in words and the table shown again; a wager carries this browser's
// seed where the round takes it; a chip on an area is checked against the offer's limits
// and step first. `t`: the table page's state (tablepage.js). Nothing here knows a game.
import { api, Problem } from "./api.js";
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { humanize } from "./commands.js";
import { wagerCommand } from "./offers.js";
import { committed, freshSeed, given, recordGiven, remember } from "./seeds.js";
import { changed } from "./session.js";
import { focusKey, focusLost, landing, refocus } from "./focus.js";
import { saidCommand } from "./words.js";
import { messages, say, showBalance, versionOf } from "./said.js";
import { legalWagers, mySeat, outOfLimits, placed, undoSpot } from "./wagers.js";

const SEED_CITE = "GLI-19 4.4.4(a)"; // a seat's seed refused (croupier.server.seals)
const main = document.getElementById("main");

export async function send(t, command, { wager = false, words = null, bet = command } = {}) {
  if (t.busy) return false; // one command at a time: a double click sends it once
  t.busy = true;
  const key = focusKey(document.activeElement);
  const release = hold();
  try {
    const view = t.view;
    const open = view && view.round_status === "open";
    const betting = !open || (view.view || {}).phase === "betting";
    const version = wager ? undefined : open ? view.round_version : 0;
    const out = wager ? await sendWager(t, command, version) : await api.command(t.tableId, command, version);
    if (wager && betting) placed(t, out.round_id, bet);
    if (out.balance !== null && out.balance !== undefined) showBalance(out.balance);
    changed();
    const said = words || (t.game.said && t.game.said(command)) || saidCommand(command, t.game.label, humanize(command.type), moneyFields(view, command));
    say(said, "info", versionOf(out));
    await t.live.refresh();
    // The socket may have brought the new view before this answer came: the page's own
    // record of its wagers (the rack's Undo) is drawn again from it all the same, the
    // felt left as it is.
    t.drawTools();
    // So are the decisions where that view came first: drawn before this page knew of
    // its wager, they offered its take-down beside the rack's Undo (one button each).
    if (t.decisions.dataset.undone !== undefined && t.decisions.dataset.undone !== JSON.stringify(undoSpot(t))) t.render();
    return true;
  } catch (error) {
    await refused(t, error);
  } finally {
    t.busy = false;
    release();
    if (key && focusLost()) refocus(key, landing(t));
  }
}

// The fields the offer of this command types as amounts (said in dollars).
function moneyFields(view, command) {
  const offered = (view?.legal_commands || []).find((lc) => lc.command === command.type);
  return Object.entries(offered?.fields || {}).filter(([, f]) => f.kind === "amount").map(([k]) => k);
}

// Every control is disabled while the command is in flight (and those a live update
// draws meanwhile take no clicks: aria-busy, see app.css); the answer is a function that
// gives them back.
function hold() {
  const pageNode = main.querySelector(".table-page");
  pageNode?.setAttribute("aria-busy", "true");
  const held = [...main.querySelectorAll(".table-page button:not([disabled])")];
  for (const b of held) b.disabled = true;
  return () => {
    pageNode?.removeAttribute("aria-busy");
    for (const b of held) if (b.isConnected) b.disabled = false;
  };
}

// A command refused: said, and the table shown as it is now.
function refused(t, error) {
  if (error instanceof Problem && error.cite === "server:optimistic-concurrency") {
    // The table moved on before the command arrived: show it as it is now, quietly.
    messages.replaceChildren();
    return t.live.refresh();
  }
  const view = t.view;
  say(error.message, "error", view && view.round_id ? `round:${view.round_id}` : null);
  // Refused by how the table stands (409) or by what this player may do now (403, a
  // player disabled or excluded meanwhile): show the table as it is.
  if (error instanceof Problem && (error.status === 409 || error.status === 403)) t.live.refresh();
}

// A wager: the first of a round carries this browser's seed (committed before the round
// opened) and the commitment to the next; where the round opened without it (the seat
// committed after it opened, or gave none), the wager goes without it.
async function sendWager(t, command, version) {
  const view = t.view;
  const roundId = view && view.round_status === "open" ? view.round_id : null;
  // The seal announced before the round: the one shown when this wager opens it (read
  // now: a live update may replace the view while the command is in flight).
  const seal = roundId === null ? view?.seal ?? null : null;
  const mine = committed(t.tableId);
  if (!t.table.settings?.client_seeds || !mine || (roundId && given(roundId))) {
    return api.command(t.tableId, command, version);
  }
  const next = await freshSeed();
  const seeds = next ? { next_seed_commitment: next.commitment } : {};
  let out;
  let gave = true;
  try {
    out = await api.command(t.tableId, command, version, { ...seeds, client_seed: mine.seed });
  } catch (error) {
    if (!(error instanceof Problem && error.cite === SEED_CITE)) throw error;
    gave = false;
    out = await api.command(t.tableId, command, version, seeds);
    say(`Your seed could not enter this round (${error.message}); it enters the next.`, "info");
  }
  remember(t.tableId, next);
  recordGiven(out.round_id, { seat: mySeat(t), seed: gave ? mine.seed : null, seal });
  return out;
}

// A wager is placed at the chip's value or not at all: an amount outside the wager's
// limits is refused here, in words, with the amounts that may be wagered there.
// An area whose offer takes one amount (a Back 9 Wager matching the Front 9) takes that
// amount, whatever chip is chosen.
export function onSpot(t, spot, chosen = null) {
  const lc = legalWagers(t).find((l) => (l.spots || []).includes(spot));
  if (!lc) return false;
  const one = lc.min_amount !== null && lc.min_amount === lc.max_amount ? lc.min_amount : null;
  const amount = chosen ?? one ?? t.chipValue;
  const refused = outOfLimits(lc, amount, t.game.label(spot));
  if (refused) {
    say(refused, "error");
    return false;
  }
  if (amount % lc.step && offerInStep(t, lc, spot, amount)) return false;
  return send(t, wagerCommand(lc, mySeat(t), spot, amount), { wager: true, bet: { spot, amount, cost: amount * (lc.paired ? lc.paired.length : 1) } });
}

// The amounts the offer takes go in steps (Craps: those its odds pay in whole cents,
// 623a.4): the page offers the least whole-dollar amount from it in that step (Place 6
// on $5: $6), placed only when asked. Whether it was offered (else the amount goes as
// it is, for the server to answer).
function offerInStep(t, lc, spot, amount) {
  const gcd = (a, b) => (b ? gcd(b, a % b) : a);
  const whole = (lc.step * 100) / gcd(lc.step, 100);
  const better = Math.ceil(amount / whole) * whole;
  const label = t.game.label(spot);
  if (outOfLimits(lc, better, label)) return false;
  say(h("span", {},
    `${dollars(amount)} on ${label} would not be paid in whole cents: ${lc.reason} on multiples of ${dollars(whole)}${lc.stepCite ? ` (${lc.stepCite})` : ""}. `,
    h("button", { type: "button", class: "action", "data-bet-instead": spot, onclick: () => onSpot(t, spot, better) }, `Bet ${dollars(better)} on ${label}`),
  ), "error");
  return true;
}
