// Criss-Cross Poker (58 Pa. Code ch. 674a): per seat, the areas the server lists (the
// table's `spots`: the Five Card Bonus only where the Rules Submission offers it,
// 674a.7(e)); the centre: the cross of community cards.

import { h } from "../dom.js";
import { card } from "../svg.js";
import { phrase } from "../words.js";
import { cards } from "../pieces.js";

function centre(v) {
  const c = v.cross || {};
  const box = (pos) => h("div", { class: `cross-${pos}`, "data-position": pos, "aria-label": `community card ${pos}` }, card(c[pos] === undefined ? null : c[pos]));
  return h(
    "section",
    { class: "cross", "aria-label": "community cards" },
    box("far"),
    h("div", { class: "cross-row" }, box("left"), box("middle"), box("right")),
    box("near"),
  );
}

export default {
  // Why an area is not open to the player now, where the layout can say.
  hint(spot, v, seat) {
    const mine = (v.wagers || {})[String(seat)] || {};
    if (spot === "five_card_bonus" && (!v.phase || v.phase === "betting") && !mine.ante_across) return "place the Antes first: the Five Card Bonus Wager goes with them (674a.7(e))";
    return null;
  },
  centre,
  // The Across, Down and Middle Bets are "one to three times" the Ante (674a.11(b),
  // (d), (f)): a button for each whole multiple, its amount written on it (any amount
  // between is taken too: a chip on the area).
  choices(spot, lc) {
    if (!["across", "down", "middle"].includes(spot) || !lc.min_amount) return null;
    return [1, 2, 3]
      .map((n) => ({ label: `${n}x`, amount: n * lc.min_amount, multiple: n }))
      .filter((c) => lc.max_amount === null || c.amount <= lc.max_amount);
  },
  hand: (v, seat) => cards((v.hands || {})[String(seat)]),
  note: (v, seat) => {
    const r = (v.results || {})[String(seat)];
    return r ? `Across: ${phrase(r.across)} · Down: ${phrase(r.down)}` : "";
  },
};
