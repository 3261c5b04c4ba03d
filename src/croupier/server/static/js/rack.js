// A table page's rack: the chips (and any amount typed) the next area clicked takes, and
// the player's tools for his wagers: Rebet, Double, Undo and Clear. `t`: the table page's
// state (tablepage.js). Nothing here knows a game.
import { h } from "./dom.js";
import { dollars } from "./format.js";
import { chip } from "./svg.js";
import { fixedOf, spotsOf } from "./offers.js";
import { takeDownWords } from "./words.js";
import { balanceShown, say, versionOf } from "./said.js";
import { onSpot, send } from "./send.js";
import { doubles, lastBets, legalSpotsOf, legalWagers, myWagers, mySeat, removal, undoSpot } from "./wagers.js";

export const CHIPS = [100, 500, 1000, 2500, 10000, 50000, 100000];
const main = document.getElementById("main");

// The chips, and any amount typed: the next area clicked takes it (where the table
// adds wagers up, a second click adds a second chip to the stack).
export function renderRack(t) {
  const { rack, table } = t;
  const chips = CHIPS.filter((c) => c <= table.maximum_wager);
  const typed = h("input", {
    id: "chip-amount", type: "number", inputmode: "decimal", step: "0.01", min: table.minimum_wager / 100,
    max: table.maximum_wager / 100, placeholder: "any", "data-typed-chip": "yes",
    value: CHIPS.includes(t.chipValue) ? null : (t.chipValue / 100).toFixed(2),
  });
  typed.addEventListener("input", () => {
    const cents = Math.round(Number(typed.value) * 100);
    if (!typed.value || !(cents > 0)) return;
    t.chipValue = cents;
    for (const b of rack.querySelectorAll(".chip-button")) b.setAttribute("aria-pressed", "false");
  });
  rack.replaceChildren(
    h("span", { class: "rack-label" }, "Chip:"),
    ...chips.map((c) =>
      h(
        "button",
        { class: "chip-button", "aria-pressed": String(c === t.chipValue), "data-chip": c, "aria-label": `chip ${dollars(c)}`, onclick: () => { t.chipValue = c; renderRack(t); rack.querySelector(`[data-chip="${c}"]`)?.focus(); } },
        chip(c),
      ),
    ),
    h("label", { class: "rack-typed", for: "chip-amount" }, "or an amount $"),
    typed,
  );
}

// The rack's rebet, undo, clear and double, for the spots that take a wager now.
export function drawTools(t, legalSpots = legalSpotsOf(t)) {
  if (!t.view) return;
  t.tools.replaceChildren(...(mySeat(t) === null ? [] : rackTools(t, legalSpots)));
}

function rackTools(t, legalSpots) {
  const view = t.view;
  const mine = view && view.round_status === "open" ? (view.view?.wagers || {})[String(mySeat(t))] || {} : {};
  const again = lastBets(t);
  const out = [];
  if (again.some((b) => legalSpots.has(b.spot)) && !Object.keys(mine).length) {
    const total = again.reduce((a, b) => a + b.cost, 0);
    out.push(h("button", { type: "button", class: "action", "data-rack": "rebet", onclick: () => rebet(t, again) }, `Rebet ${dollars(total)}`));
  }
  const take = removal(t);
  // Double only where it can place something now (a fresh player's report: a disabled
  // "Double" read as a button, and beside Insurance as doubling down).
  if (Object.keys(myWagers(t)).length && legalSpots.size && doubles(t).length) out.push(doubleButton(t));
  if (take) out.push(...takeDownButtons(t, take));
  return out;
}

// Undo and Clear, where the table takes wagers down (`take`, its offer).
function takeDownButtons(t, take) {
  // The table takes wagers down: the help lists U and C (shortcuts.js).
  main.querySelector(".table-page")?.setAttribute("data-takes-down", "");
  const offered = spotsOf(take);
  const last = undoSpot(t);
  const out = [];
  // At a phone's width the words after "Undo" and "Clear" fold away (app.css), the
  // buttons named in full all the same.
  const undo = last ? takeDownWords(last, myWagers(t), take.together, t.game.label).undo : "";
  if (last) out.push(h("button", { type: "button", class: "action", "data-rack": "undo", "aria-label": undo, onclick: () => takeDown(t, take, last) }, "Undo", h("span", { class: "rack-more" }, undo.slice(4))));
  if (offered.length) out.push(h("button", { type: "button", class: "action", "data-rack": "clear", "aria-label": "Clear my wagers", onclick: () => clearAll(t) }, "Clear", h("span", { class: "rack-more" }, " my wagers")));
  return out;
}

// Takes one wager down as the offer `take` allows, said with its amount and spot.
async function takeDown(t, take, spot) {
  const round = t.view.round_id;
  const { said: words, spots } = takeDownWords(spot, myWagers(t), take.together, t.game.label);
  const ok = await send(t, { type: take.command, ...fixedOf(take), spot }, { words });
  if (ok && t.bets[round]) t.bets[round] = t.bets[round].filter((b) => !spots.includes(b.spot));
  return ok ? words : null;
}

// Clear: one wager down at a time, the last placed first, reading the table's offer
// again after each answer (a wager may be offered only once those on it are down),
// until none is left or the table offers no more.
async function clearAll(t) {
  const said = [];
  for (let n = 0; n < 50; n++) {
    const take = removal(t);
    const offered = take ? spotsOf(take) : [];
    if (!offered.length) break;
    const words = await takeDown(t, take, undoSpot(t) ?? offered[offered.length - 1]);
    if (!words) break;
    said.push(words);
  }
  if (said.length > 1) say(said.join(" "), "info", versionOf(t.view));
}

// Rebet: the last round's wagers in the order placed, each once the one before is
// answered (a wager may open only beside another); one no longer offered is skipped,
// and said.
async function rebet(t, list) {
  const skipped = [];
  for (const b of list) {
    if (!legalWagers(t).some((lc) => (lc.spots || []).includes(b.spot))) {
      skipped.push(`${dollars(b.amount)} on ${t.game.label(b.spot)}`);
      continue;
    }
    if (!(await onSpot(t, b.spot, b.amount))) return;
  }
  if (skipped.length) say(`Not placed again, no longer offered: ${skipped.join(", ")}.`, "info", versionOf(t.view));
}

// Double (wagers.js `doubles`), refused in words where the balance is short of it.
function doubleButton(t) {
  const list = doubles(t);
  const total = list.reduce((a, b) => a + b.cost, 0);
  const what = `: ${list.flatMap((b) => b.spots.map(t.game.label)).join(", ")} +${dollars(total)}`;
  return h("button", { type: "button", class: "action", "data-rack": "double", "aria-keyshortcuts": "*", "aria-label": `Double${what}`, onclick: () => doubleAll(t, list) }, "Double", h("span", { class: "rack-more" }, what));
}

async function doubleAll(t, list) {
  const total = list.reduce((a, b) => a + b.cost, 0);
  const have = balanceShown();
  if (have !== undefined && total > have) {
    say(`Doubling takes ${dollars(total)} and your balance is ${dollars(have)}: nothing was doubled.`, "error");
    return;
  }
  for (const b of list) if (!(await onSpot(t, b.spot, b.amount))) return;
}
