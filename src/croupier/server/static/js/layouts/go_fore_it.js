// Go Fore It (58 Pa. Code ch. 676a): per seat, the areas the server lists (the table's
// `spots`), the player's cards, decision and score; the centre: the dealer's hand.

import { phrase } from "../words.js";
import { cards, dealerCards } from "../pieces.js";

export default {
  centre: (v) => dealerCards("Dealer", (v.hands || {}).dealer, v.dealer_total),
  hand: (v, seat) => cards((v.hands || {})[String(seat)]),
  note: (v, seat) => {
    const d = (v.decisions || {})[String(seat)];
    const r = (v.results || {})[String(seat)];
    return [d ? `decision: ${phrase(d)}` : null, r ? `${r.total} (${phrase(r.score)})` : null].filter(Boolean).join(" · ");
  },
};
