// Double Back Jack (58 Pa. Code ch. 673a): per box, the wagers the server lists (the
// table's `spots`; a split's second hand drawn while a wager is on it), each hand with
// its cards; the centre: the dealer's hand and the layout's printed lines.

import { h } from "../dom.js";
import { card } from "../svg.js";
import { phrase } from "../words.js";
import { cards, dealerCards } from "../pieces.js";

function centre(v) {
  return h(
    "div",
    {},
    dealerCards("Dealer", v.dealer, v.dealer_total),
    h("p", { class: "insurance-line" }, "Blackjack and Insurance pays 2 to 1 — Dealer draws to 16 and stands on all 17s"),
    h("p", { class: "insurance-line" }, "Blackjack Wagers push if the dealer's hand totals 22 · player 21 pays right away · Second Chance pays even money"),
    h("p", { class: "muted" }, `Cards in the shoe: ${v.cards_in_shoe ?? "—"}${v.cover_card_reached ? " · cover card reached" : ""}`),
  );
}

// A hand's tag as a blackjack player reads it: its total ("soft 14" where an ace counts
// 11, 673a.3(d)), then its state in the game's words where it says more than the total
// (a hand still in play says nothing more: "14", not "14 playing").
export function handTag(hand) {
  // A hand over 21 whose cards the dealer has collected (673a.7(l)(1)) is bust, not
  // the engine's "settled".
  const status = hand.status === "settled" && hand.total > 21 ? "bust" : hand.status;
  const total = hand.total === null || hand.total === undefined ? "" : `${hand.soft ? "soft " : ""}${hand.total}`;
  const said = status === "playing" ? "" : phrase(status);
  return said === String(hand.total) ? total : `${total} ${said}`.trim();
}

export default {
  centre,
  // Insurance is taken by wagering it; a player declines it by not wagering (673a.8).
  declines: {
    insurance: { label: "No insurance", said: "You take no Insurance. The dealer goes on when the time for Insurance is up." },
  },
  hand: (v, seat) => {
    const out = [];
    for (const [id, hand] of Object.entries(v.hands || {})) {
      if (id.split(".")[0] !== String(seat)) continue;
      const mine = h("div", { class: `bj-hand${v.to_act === id ? " to-act" : ""}`, "data-hand": id });
      mine.append(cards(hand.cards));
      if (hand.second_chance_card) mine.append(h("span", { class: "tag" }, "Second Chance:"), card(hand.second_chance_card));
      mine.append(h("span", { class: "tag" }, handTag(hand)));
      out.push(mine);
    }
    return h("div", {}, out);
  },
};
