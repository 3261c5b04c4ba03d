// A table page's wagers as the view and the page know them: the caller's seat, what he
// has on the table, the wagers offered now (less those he declined on this page), the
// take-down the table offers, and the wagers this page placed in each round (for Rebet,
// Undo and Clear). `t`: the table page's state (tablepage.js). Nothing here knows a game.
import { spotsOf, wagersOf } from "./offers.js";
import { dollars } from "./format.js";

export function mySeat(t) {
  return typeof t.view?.actor === "number" ? t.view.actor : null;
}

// The wagers this page placed in each round's betting, by round: Rebet places those of
// the last round again; Undo takes down the last placed, Clear every one, where the
// table offers to take a wager down (a command on one of the caller's spots alone).
// t.bets: round id -> [{spot, amount, cost}] (cost: on each area paired with it too).
export function placed(t, roundId, command) {
  (t.bets[roundId] ||= []).push({ spot: command.spot, amount: command.amount, cost: command.cost ?? command.amount });
}

export function lastBets(t) {
  const done = Object.keys(t.bets).filter((id) => id !== t.view?.round_id || t.view.round_status !== "open");
  return done.length ? t.bets[done[done.length - 1]] : [];
}

// The offer to take one of the caller's wagers down (a command on one of his spots
// alone), else null.
export function removal(t) {
  return (t.view?.legal_commands || []).find((lc) => {
    const names = Object.keys(lc.fields || {});
    return lc.command !== "PlaceWager" && names.length === 2 && lc.fields.seat?.kind === "fixed" && lc.fields.spot?.kind === "choice";
  }) || null;
}

// The spot the rack's Undo takes down: the last this page wagered in the round that the
// table still offers to take down (else null).
export function undoSpot(t) {
  const take = removal(t);
  if (!take) return null;
  const offered = spotsOf(take);
  const here = (t.bets[t.view.round_id] || []).map((b) => b.spot).filter((spot) => offered.includes(spot));
  return here.length ? here[here.length - 1] : null;
}

// What the table holds of `seat`'s in the view shown, by spot (cents).
export function seatWagers(t, seat) {
  const v = t.view.view || {};
  return (t.game.wagers ? t.game.wagers(v, seat) : (v.wagers || {})[String(seat)]) || {};
}

// What the table holds of this player's, by spot (cents), in the open round.
export function myWagers(t) {
  if (!t.view || t.view.round_status !== "open" || mySeat(t) === null) return {};
  return seatWagers(t, mySeat(t));
}

// The wager offers of the view (offers.js), less the spots declined on this page.
export function legalWagers(t) {
  const no = declined(t, t.view?.round_id);
  return wagersOf(t.view?.legal_commands)
    .map((lc) => ({ ...lc, spots: lc.spots.filter((s) => !no.has(s)) }))
    .filter((lc) => lc.spots.length);
}

// The spots that take a wager now.
export function legalSpotsOf(t) {
  return new Set(legalWagers(t).flatMap((lc) => lc.spots || []));
}

// The optional wagers declined on this page, by round.
export function declined(t, roundId) {
  return (t.declines[roundId] ||= new Set());
}

// Double: each of the player's wagers on a spot the round's offer lets take more, its
// own amount again (a spot of one wager only is left, and one whose offer does not
// take that much more: past its maximum, or off its step), so nothing stops halfway.
// Equal wagers placed together (an offer's `paired` areas) are doubled by one
// placement, on the first of them.
export function doubles(t) {
  const takes = (lc, amount) => (lc.min_amount === null || amount >= lc.min_amount) && (lc.max_amount === null || amount <= lc.max_amount) && amount % (lc.step || 1) === 0;
  const offerOf = (spot, amount) => legalWagers(t).find((lc) => (lc.spots || []).includes(spot) && takes(lc, amount));
  return Object.entries(myWagers(t)).flatMap(([spot, amount]) => {
    const lc = typeof amount === "number" && amount > 0 ? offerOf(spot, amount) : null;
    if (!lc || (lc.paired && lc.paired[0] !== spot)) return [];
    const spots = lc.paired || [spot];
    return [{ spot, amount, spots, cost: amount * spots.length }];
  });
}

// A chip of `amount` outside the offer's limits, refused in words with the amounts that
// may be wagered on the area (`label`), said as amounts, not as chips (no $0.01 chip is
// in the rack); null where it is within them.
export function outOfLimits(lc, amount, label) {
  const low = lc.min_amount ?? null;
  const high = lc.max_amount ?? null;
  const range = () => {
    if (low !== null && high !== null) return low === high ? `wager exactly ${dollars(low)}` : `wager an amount from ${dollars(low)} to ${dollars(high)}`;
    return low !== null ? `wager at least ${dollars(low)}` : `wager at most ${dollars(high)}`;
  };
  if (low !== null && amount < low) {
    return `A ${dollars(amount)} chip is less than the least wager on ${label}, ${dollars(low)}: ${range()}.`;
  }
  if (high !== null && amount > high) {
    return `A ${dollars(amount)} chip is more than the most that may be wagered on ${label} now, ${dollars(high)}: ${range()}.`;
  }
  return null;
}
