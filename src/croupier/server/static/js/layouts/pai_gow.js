// Pai Gow (58 Pa. Code ch. 621a): per position its one wager (the table's `spots`), the
// tiles dealt, set and compared; the centre: the shaker, the stacks, the dealer's tiles
// and the Dead Hand.

import { h } from "../dom.js";
import { die } from "../svg.js";
import { tilePicker, tiles } from "../pieces.js";

// The position the count of the dice ends on, which receives the first stack (621a.8(c),
// (d)): the dealer, the Dead Hand or a betting position (the view's "dealer",
// "dead_hand", "1".."6").
function startingPosition(position) {
  if (position === "dealer") return "the dealer";
  if (position === "dead_hand") return "the Dead Hand";
  return `seat ${position}`;
}

function centre(v) {
  const dealerSet = v.dealer_hands;
  return h(
    "div",
    { class: "pg-centre" },
    h(
      "section",
      { class: "shaker", "aria-label": "Pai Gow shaker" },
      h("h3", {}, "Shaker"),
      v.dice ? h("div", { class: "dice" }, v.dice.map((d) => die(d, { small: true }))) : h("span", { class: "muted" }, "not shaken"),
      v.starting_position ? h("p", { class: "start", "data-start": v.starting_position }, `First stack to ${startingPosition(v.starting_position)}`) : null,
    ),
    h("section", { class: "stacks", "aria-label": "stacks" }, h("h3", {}, "Stacks"), v.stacked ? tiles(new Array(8).fill(null)) : h("span", { class: "muted" }, "mixing")),
    h(
      "section",
      { class: "dealer-area", "aria-label": "dealer's tiles" },
      h("h3", {}, "Dealer"),
      dealerSet ? pgSet(dealerSet) : v.dealer_tiles ? tiles(v.dealer_tiles) : null,
    ),
    h("section", { class: "dead-hand", "aria-label": "Dead Hand" }, h("h3", {}, "Dead Hand"), (v.collected_to_dead_hand || []).length || (v.dealt_to || []).includes("dead_hand") ? tiles([null, null, null, null]) : null),
  );
}

// A Pai Gow setting: each hand's tiles and rank in words (a pair's name or the value,
// 621a.4) and, once compared with the banker's, whether it wins, loses or is a copy.
const AGAINST = { win: "wins", lose: "loses", copy: "is a copy: the banker wins it" };
function pgSet(set, result) {
  const hand = (which, title) => h(
    "div",
    { class: "pg-hand", "data-hand": which },
    h("span", { class: "tag" }, title),
    tiles(set[which]),
    h("span", { class: "rank" }, [set[`${which}_rank`], result && result[which] ? `${title.toLowerCase()} hand ${AGAINST[result[which]]}` : null].filter(Boolean).join(": ")),
  );
  return h("div", { class: "pg-set" }, hand("high", "High"), hand("low", "Low"));
}

export default {
  // The fields of a command this layout draws: the two tiles set together (621a.10).
  fields: (v, seat) => ({
    // After "Request house way" its low hand is chosen already: one click sets the hands
    // the house way (621a.10(b)); the player may still choose others.
    together: (fixed) => {
      const s = String(fixed.seat ?? seat);
      return tilePicker((v.my_tiles || {})[s] || [], ((v.house_way_shown || {})[s] || {}).low || []);
    },
  }),
  fieldsKey: (v) => [v.my_tiles || null, v.house_way_shown || null], // what the drawn fields show, for redrawing
  centre,
  // What a command did, where the generic sentence says too little.
  said: (command) => ({
    RequestHouseWay: "The dealer shows you how the house would set your tiles (621a.10(b)): see \"The house way\" in your seat.",
    SetHands: "You set your hands face down (621a.10(a)).",
  })[command.type] || null,
  // A Pai Gow position holds one wager: {seat: cents} (621a.7(a)).
  wagers(v, seat) {
    const amount = (v.wagers || {})[String(seat)];
    return amount ? { pai_gow: amount } : {};
  },
  hand: (v, seat) => {
    const s = String(seat);
    const mine = v.my_settings && v.my_settings[s];
    const pub = (v.hands || {})[s];
    const shown = pub && pub !== "set" ? pub : mine;
    const way = (v.house_way_shown || {})[s];
    // The house way the dealer showed on request (621a.10(b)), beside the tiles.
    const wayNode = way && !mine ? h("div", { class: "house-way", "data-house-way": s }, h("p", { class: "tag" }, "The house way:"), pgSet(way)) : null;
    if (shown) return h("div", {}, pgSet(shown, (v.hand_results || {})[s]));
    if (v.my_tiles && v.my_tiles[s]) return h("div", {}, tiles(v.my_tiles[s]), wayNode);
    if ((v.dealt_to || []).includes(s)) return tiles([null, null, null, null]);
    return null;
  },
  note: (v, seat) => {
    const r = (v.results || {})[String(seat)];
    const result = { win: "both hands win: the wager wins", lose: "the wager loses", tie: "one hand wins and one loses: the wager pushes" }[r];
    return [(v.hands || {})[String(seat)] === "set" ? "hands set" : null, result ? `Result: ${result}.` : null, v.bank && v.bank.seat === seat ? "Banker" : null]
      .filter(Boolean)
      .join(" · ");
  },
};
