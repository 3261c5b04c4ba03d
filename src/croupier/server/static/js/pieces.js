// Pieces every felt draws with (a leaf module: the layouts import it, it imports no
// layout): a row of cards or tiles, a dealer's hand, the tile picker of a hand set by
// choosing the tiles that go together. Nothing here knows a game.

import { h } from "./dom.js";
import { card, tile } from "./svg.js";

export function cards(list) {
  return h("div", { class: "cards" }, (list || []).map((c) => card(c)));
}

export function tiles(list) {
  return h("div", { class: "tiles" }, (list || []).map((t) => tile(t)));
}

export function dealerCards(label, list, total) {
  return h(
    "section",
    { class: "dealer-area", "aria-label": `${label}'s hand` },
    h("h3", {}, label, total !== null && total !== undefined ? ` — ${total}` : ""),
    cards(list || []),
  );
}

// A hand set by choosing the two tiles that go together (click or keyboard: each tile is
// a toggle button); the other two form the other hand.
export function tilePicker(codes, preset = []) {
  const chosen = new Set();
  const node = h("div", { class: "tile-picker", role: "group", "aria-label": "choose the two tiles that form one hand" });
  const summary = h("p", { class: "muted", "aria-live": "polite" }, "Choose two tiles for one hand.");
  const row = h("div", { class: "tiles" });
  const draw = () => {
    for (const b of row.children) {
      const on = chosen.has(Number(b.dataset.tileIndex));
      b.setAttribute("aria-pressed", String(on));
      b.replaceChildren(tile(codes[Number(b.dataset.tileIndex)], { selected: on }));
    }
    const a = codes.filter((_, k) => chosen.has(k));
    const b = codes.filter((_, k) => !chosen.has(k));
    summary.textContent = chosen.size === 2 ? `One hand: ${a.join(" + ")}; the other: ${b.join(" + ")}.` : "Choose two tiles for one hand.";
  };
  codes.forEach((code, i) => {
    const button = h("button", { type: "button", class: "tile-toggle", "aria-pressed": "false", "data-tile-index": i, "aria-label": `tile ${code}` }, tile(code));
    button.addEventListener("click", () => {
      if (chosen.has(i)) chosen.delete(i);
      else if (chosen.size < 2) chosen.add(i);
      draw();
    });
    row.append(button);
  });
  // Two tiles chosen already (a hand the dealer showed, such as the house way): each the
  // first of its kind not yet chosen (a tile may be dealt twice in a set of 32).
  for (const code of preset.slice(0, 2)) {
    const k = codes.findIndex((c, j) => c === code && !chosen.has(j));
    if (k >= 0) chosen.add(k);
  }
  if (chosen.size) draw();
  node.append(row, summary);
  // Set hands before two tiles are chosen: said here, nothing sent (a fresh player got
  // the server's "the field command.together[0] is missing").
  const missing = () => (chosen.size === 2 ? null : "Choose two tiles for one hand first.");
  const tell = (words) => { summary.textContent = words; summary.classList.add("error"); };
  return { node, caption: "Your tiles", value: () => codes.filter((_, k) => chosen.has(k)), missing, tell };
}

// The other seats, folded under one disclosure (issue 34, one screen): closed at first,
// kept open or closed as the player leaves it through every redraw of the table.
// `items`: the other seats' nodes; `tag`: the element that holds them ("div", "ul").
let othersOpen = false;
export function otherSeats(items, tag = "div", attrs = {}) {
  if (!items.length) return null;
  // Noted at the click, before the toggle's event: a redraw in between keeps it.
  const summary = h("summary", { onclick: () => { othersOpen = !fold.open; } }, `Other seats (${items.length})`);
  const fold = h("details", { class: "other-seats", open: othersOpen }, summary, h(tag, attrs, items));
  fold.addEventListener("toggle", () => { if (fold.isConnected) othersOpen = fold.open; });
  return fold;
}
