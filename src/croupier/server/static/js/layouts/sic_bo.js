// Sic Bo (58 Pa. Code ch. 625a): the classic layout, one board every player bets on
// (625a.1). Top row: Small, the Two of a Kind and Three of a Kind areas around Any Three
// of a Kind, Big; then the totals 4 to 17, the fifteen Two Dice Combinations and the six
// One of a Kind numbers (625a.3). Each area shows the odds the table posts (the view's
// `odds`, the paytable in force), the caller's chips, the others' wagers, and, once the
// result is shown, whether it is lit (625a.5). Clicking a legal area places the chip
// chosen there; an area stays clickable while more may go on it, so one round takes
// several wagers.

import { h } from "../dom.js";
import { dollars, odds } from "../format.js";
import { chip, die } from "../svg.js";
import { otherSeats } from "../pieces.js";

// The areas as the server gives them with the table (`table.spots`, from
// croupier.games.sic_bo: value, label as the sign writes it, group = the wager, numbers,
// pays = the paytable rows that pay it)
// of the table whose layout was drawn last.
let listed = [];

function read(table) {
  listed = (table && table.spots) || [];
}

function label(spot) {
  const found = listed.find((s) => s.value === spot);
  return found ? found.label : spot;
}

// The areas of one wager, in the layout's order.
function of(group) {
  return listed.filter((s) => s.group === group);
}

// The odds posted for an area: the paytable rows the server names as paying it (`pays`:
// a total's own, One of a Kind's three by how many dice show the number, else its
// wager's).
function posted(spot, table) {
  if (!table) return "";
  const found = listed.find((s) => s.value === spot);
  return found ? found.pays.map((row) => odds(table[row])).join(" · ") : "";
}

function dice(faces, small = true) {
  return faces.map((f) => die(f, { small }));
}

// What the areas show: chips of the caller (placed, or settled this round) and of the others.
function chipsOnLayout(v, mySeat) {
  const mine = {};
  const others = {};
  const add = (seat, spot, amount) => {
    const into = seat === mySeat ? mine : others;
    into[spot] = (into[spot] || 0) + amount;
  };
  for (const [seat, spots] of Object.entries(v.wagers || {})) {
    for (const [spot, amount] of Object.entries(spots)) add(Number(seat), spot, amount);
  }
  const outcomes = {};
  for (const s of v.settlements || []) {
    // A losing wager's chips are collected at settlement: none is left on its area.
    if (s.outcome !== "lose") add(s.seat, s.spot, s.amount);
    if (s.seat === mySeat) outcomes[s.spot] = s.outcome;
  }
  return { mine, others, outcomes };
}

function area(spot, content, v, ctx, placed) {
  const legal = ctx.legalSpots.has(spot);
  const lit = (v.winning || []).includes(spot);
  const mine = placed.mine[spot] || 0;
  const others = placed.others[spot] || 0;
  const outcome = placed.outcomes[spot];
  const said = [
    label(spot),
    posted(spot, v.odds) ? `pays ${posted(spot, v.odds)}` : null,
    mine ? `your wager ${dollars(mine)}` : null,
    others ? `others ${dollars(others)}` : null,
    lit ? "lit: wins" : null,
    outcome ? `you ${outcome === "win" ? "won" : outcome === "lose" ? "lost" : outcome}` : null,
  ].filter(Boolean).join(", ");
  return h(
    "button",
    {
      type: "button",
      class: `spot sb-area${legal ? " legal" : ""}${mine ? " has-wager" : ""}${lit ? " lit" : ""}${outcome ? ` outcome-${outcome}` : ""}`,
      "data-spot": spot,
      "aria-label": said,
      title: said,
      disabled: !legal,
      onclick: () => ctx.onSpot(spot),
    },
    content,
    h("span", { class: "sb-odds" }, posted(spot, v.odds)),
    others ? h("span", { class: "sb-others", "data-others": others }, `+${dollars(others)}`) : null,
    mine ? h("span", { class: "stack" }, chip(mine, { size: 28 }), h("span", { class: "amount" }, dollars(mine))) : null,
  );
}

function top(v, ctx, placed) {
  const word = (text, sub) => h("span", { class: "sb-word" }, h("strong", {}, text), h("small", {}, sub));
  const pair = (n) => h("span", { class: "sb-dice" }, dice([n, n]));
  const triple = (n) => h("span", { class: "sb-dice" }, dice([n, n, n]));
  const go = (spot, content) => area(spot, content, v, ctx, placed);
  const column = (group, draw, half) => h("div", { class: "sb-column" }, of(group).slice(half * 3, half * 3 + 3).map((s) => go(s.value, draw(s.numbers[0]))));
  const [small] = of("small");
  const [big] = of("big");
  const [any] = of("any_three_of_a_kind");
  return h(
    "div",
    { class: "sb-row sb-top", role: "group", "aria-label": "Small, Big and the triples" },
    go(small.value, word("SMALL", "4 to 10 · loses on any triple")),
    column("two_of_a_kind", pair, 0),
    column("three_of_a_kind", triple, 0),
    go(any.value, h("span", { class: "sb-any" }, h("strong", {}, "ANY TRIPLE"), h("span", { class: "sb-dice" }, [1, 2, 3, 4, 5, 6].map((n) => die(n, { small: true }))))),
    column("three_of_a_kind", triple, 1),
    column("two_of_a_kind", pair, 1),
    go(big.value, word("BIG", "11 to 17 · loses on any triple")),
  );
}

function seatsList(table, v, ctx) {
  // The round's seats (its view), else the table's as the page last read them.
  const who = v.seats || Object.fromEntries((table.seats || []).map((s) => [String(s.seat), s.name || s.player_id || "taken"]));
  // The players' names, from the seats the page was given (the table now, or a round's).
  const names = Object.fromEntries((ctx.seats || table.seats || []).map((s) => [String(s.seat), s.name]));
  const items = [];
  for (let n = 1; n <= (ctx.seatCount || 10); n++) {
    const seat = String(n);
    const wagered = Object.values((v.wagers || {})[seat] || {}).reduce((a, b) => a + b, 0);
    const settled = (v.settlements || []).filter((s) => s.seat === n);
    const back = settled.reduce((a, s) => a + s.returned + s.won, 0);
    const staked = settled.reduce((a, s) => a + s.amount, 0);
    const mine = ctx.mySeat === n;
    if (!who[seat] && !mine) continue;
    items.push(
      h(
        "li",
        { class: `seat${mine ? " mine" : ""}`, "data-seat": n, "aria-label": `seat ${n}${mine ? " (you)" : ""}` },
        h("strong", {}, `Seat ${n}`, mine ? " (you)" : names[seat] ? ` — ${names[seat]}` : ""),
        wagered ? ` · on the layout ${dollars(wagered)}` : "",
        settled.length ? ` · staked ${dollars(staked)}, paid back ${dollars(back)}` : "",
      ),
    );
  }
  if (!items.length) return h("ul", { class: "sb-seats", "aria-label": "seats" }, h("li", { class: "muted" }, "No one is seated."));
  // A seated player's own line stays; the others fold away (pieces.js).
  if (typeof ctx.mySeat !== "number" || ctx.everySeat) return h("ul", { class: "sb-seats", "aria-label": "seats" }, items);
  const mine = items.filter((i) => i.classList.contains("mine"));
  return h("div", { class: "seat-lists" },
    mine.length ? h("ul", { class: "sb-seats", "aria-label": "your seat" }, mine) : null,
    otherSeats(items.filter((i) => !i.classList.contains("mine")), "ul", { class: "sb-seats", "aria-label": "other seats" }));
}

// The shaker's three dice and the result shown (625a.5).
export function centre(v) {
  const faces = v.dice || [];
  const total = v.total;
  const triple = faces.length === 3 && faces[0] === faces[1] && faces[1] === faces[2];
  const called = total === null || total === undefined
    ? null
    : `Total ${total}${triple ? " · three of a kind" : total <= 10 ? " · Small" : " · Big"}`;
  return h(
    "section",
    { class: "dice-tray sb-shaker", "aria-label": "the shaker's dice" },
    h("h3", {}, "Shaker"),
    h("div", { class: "dice", "data-dice": faces.join(",") }, faces.length ? dice(faces, false) : h("span", { class: "muted" }, "not shaken yet")),
    called ? h("p", { class: "call", "data-total": total }, called) : null,
  );
}

// The board, shared by every seat (felt's `board` hook): the areas, then the seats.
export function board(table, v, ctx) {
  ensureStyle();
  read(table);
  const placed = chipsOnLayout(v, ctx.mySeat);
  const bare = (s) => h("span", { class: "sb-number" }, String(s.numbers[0]));
  const pairOf = (s) => h("span", { class: "sb-dice" }, dice(s.numbers));
  const single = (s) => die(s.numbers[0]);
  const rowOf = (name, className, group, content) => h(
    "div",
    { class: `sb-row ${className}`, role: "group", "aria-label": name },
    of(group).map((s) => area(s.value, content(s), v, ctx, placed)),
  );
  return h(
    "div",
    { class: "sb-board", "aria-label": "Sic Bo layout" },
    h("div", { class: "sb-layout" },
      top(v, ctx, placed),
      rowOf("Total Value", "sb-totals", "total", bare),
      rowOf("Two Dice Combinations", "sb-combinations", "combination", pairOf),
      rowOf("One of a Kind: paid per die showing the number", "sb-singles", "one_of_a_kind", single),
    ),
    v.odds ? null : h("p", { class: "muted" }, "The payout odds are on the table sign below; the areas show them once a round is open."),
    seatsList(table, v, ctx),
  );
}

const STYLE = `
.sb-board { display: flex; flex-direction: column; gap: 10px; }
.sb-layout { display: flex; flex-direction: column; gap: 6px; overflow-x: auto; }
.sb-row { display: grid; gap: 4px; }
.sb-top { grid-template-columns: 1.4fr 1fr 1fr 1.4fr 1fr 1fr 1.4fr; }
.sb-column { display: grid; gap: 4px; }
.sb-totals { grid-template-columns: repeat(14, minmax(44px, 1fr)); }
.sb-combinations { grid-template-columns: repeat(15, minmax(44px, 1fr)); }
.sb-singles { grid-template-columns: repeat(6, 1fr); }
.sb-area { width: 100%; gap: 2px; padding: 4px 2px 14px; }
.sb-area.has-wager { margin: 0; padding-right: 2px; }
.sb-area .stack { right: 2px; bottom: 2px; }
.sb-word, .sb-any { display: flex; flex-direction: column; align-items: center; gap: 2px; }
.sb-word small { font-size: .65rem; color: #d8efe0; }
.sb-dice { display: inline-flex; flex-wrap: wrap; justify-content: center; gap: 1px; }
.sb-dice svg { width: 18px; height: 18px; }
.sb-any .sb-dice svg { width: 14px; height: 14px; }
.sb-number { font-size: 1.2rem; font-weight: 700; }
.sb-odds { font-size: .65rem; color: var(--gold, #f2c14e); white-space: nowrap; }
.sb-others { position: absolute; left: 3px; bottom: 1px; font-size: .6rem; color: #d8efe0; }
.sb-area.lit { background: rgba(255, 236, 140, .55); border-color: #fff7b0; box-shadow: 0 0 10px 3px #ffe46b; color: #222; }
.sb-area.lit .sb-odds, .sb-area.lit .sb-word small, .sb-area.lit .sb-others { color: #333; }
.sb-seats { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 0; }
.sb-seats .seat { padding: 4px 8px; font-size: .85rem; }
@media (max-width: 700px) {
  /* One screen at phone width (issue 34): every area in view, five to eight across. */
  .sb-board { gap: 4px; }
  .sb-layout { gap: 3px; }
  .sb-row { gap: 2px; }
  .sb-top { grid-template-columns: repeat(5, 1fr); }
  .sb-top .sb-column { display: contents; }
  .sb-totals { grid-template-columns: repeat(7, 1fr); }
  .sb-combinations { grid-template-columns: repeat(8, 1fr); }
  .sb-singles { grid-template-columns: repeat(3, 1fr); }
  .sb-singles .sb-odds { white-space: normal; }
  .sb-area { min-width: 0; min-height: 38px; padding: 1px 1px 9px; gap: 0; border-radius: 6px; }
  .sb-word small { font-size: .5rem; line-height: 1.1; }
  .sb-word strong, .sb-any strong { font-size: .75rem; }
  .sb-dice svg { width: 12px; height: 12px; }
  .sb-any .sb-dice svg { width: 9px; height: 9px; }
  .sb-number { font-size: .95rem; }
  .sb-odds { font-size: .55rem; }
  .sb-area .stack svg { width: 20px; height: 20px; }
  .sb-singles svg.equipment { width: 24px; height: 24px; }
}
`;

function ensureStyle() {
  if (document.getElementById("sic-bo-style")) return;
  document.head.append(h("style", { id: "sic-bo-style" }, STYLE));
}

// The strip of last results (app.js): a shake's three dice and their total.
function throws(v) {
  const faces = v.dice || [];
  return faces.length === 3 && v.total !== null && v.total !== undefined ? [{ dice: faces, total: v.total, said: `${faces.join(" + ")} = ${v.total}` }] : [];
}

export default { centre, board, throws };
