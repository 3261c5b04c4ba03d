// The felt of each game, as its regulation describes the layout: per-seat betting areas
// (clickable when legal_commands lets the viewer wager there) and the game's centre.
// The spots, their names and sections come with the table (`table.spots`, from the game's
// package on the server); a game's own drawing (its centre, its hands, a board every
// player bets on) is its module under layouts/. Nothing here knows a game.

import { h } from "./dom.js";
import { dollars, odds } from "./format.js";
import { chip } from "./svg.js";
import { LAYOUTS } from "./layouts/index.js";
import { otherSeats } from "./pieces.js";
import { useWords } from "./words.js";

export { LAYOUTS };
export { tilePicker } from "./pieces.js";

const GENERIC = { centre: () => null };

// The felt of `table`: its layout's own drawing (else the generic one) over the spots the
// table lists, with its game's title and chapter. `info(spot)` is the spot as the server
// describes it ({value, label, group, group_label, numbers, mark, always, cite_shown});
// `label(spot)` its name; `spots()` the areas drawn before a wager is on them.
export function gameOf(table) {
  const listed = (table && table.spots) || [];
  const byValue = Object.fromEntries(listed.map((s) => [s.value, s]));
  const captions = Object.fromEntries(listed.filter((s) => s.group_label).map((s) => [s.group, s.group_label]));
  const layout = LAYOUTS[table.layout] || GENERIC;
  useWords(table);
  return {
    info: (spot) => byValue[spot] || null,
    label: (spot) => (byValue[spot] ? byValue[spot].label : spot),
    spots: () => listed.filter((s) => s.always).map((s) => s.value),
    group: layout.grouped ? (spot) => (byValue[spot] ? byValue[spot].group : "") : null,
    groupLabel: (group) => captions[group] || "",
    ...layout,
    table,
    title: table.title || table.game,
    chapter: table.chapter || "",
  };
}

// The buttons of the wagers offered after the betting (Go Fore It's Back 9, Criss-Cross
// Poker's Across, Down and Middle Bets, Double Back Jack's Insurance), each amount read
// from the offer (its least, most and step), never the chip chosen: one button where the
// offer takes one amount (a Back 9 Wager matching the Front 9), else a button for the
// most it takes and an amount to type for less (Insurance up to half the wager); one
// button per amount the layout names (1x, 2x, 3x the Ante). Where the layout names how a
// player declines one by not making it, a button for that ("No insurance"), which calls
// `onDecline(spot, sentence)`.
export function laterWagerButtons(game, legal, onSpot, declined = new Set(), onDecline = () => {}) {
  return legal.flatMap((lc) => (lc.spots || []).filter((spot) => !declined.has(spot)).flatMap((spot) => {
    const name = game.label(spot);
    const choices = game.choices ? game.choices(spot, lc) : null;
    const button = (text, amount, extra = {}) => h(
      "button",
      { type: "button", class: "action", "data-wager-spot": spot, "data-amount": amount, ...extra, onclick: () => onSpot(spot, amount) },
      text,
    );
    const out = choices
      ? choices.map((c) => button(`${c.label} ${name} — ${dollars(c.amount)}`, c.amount, { "data-multiple": c.multiple ?? null }))
      : amountButtons(name, lc, button, (amount) => onSpot(spot, amount), spot);
    const decline = game.declines ? game.declines[spot] : null;
    if (decline) out.push(h("button", { type: "button", class: "action", "data-decline": spot, onclick: () => onDecline(spot, decline.said) }, decline.label));
    return out;
  }));
}

// The amounts an offer takes, as controls: its one amount; else its most and a form for
// any amount from its least (in its step); with no most, the form alone.
function amountButtons(name, lc, button, place, spot) {
  const low = lc.min_amount ?? null;
  const high = lc.max_amount ?? null;
  const step = lc.step || 1;
  const least = low === null ? step : Math.ceil(low / step) * step;
  const most = high === null ? null : Math.floor(high / step) * step;
  if (most !== null && least >= most) return [button(`${name} ${dollars(most)}`, most)];
  const out = most === null ? [] : [button(`${name} ${dollars(most)}`, most)];
  const id = `amount-${spot}`;
  const input = h("input", {
    id, name: "amount", type: "number", inputmode: "decimal", required: true,
    step: String(step / 100), min: least / 100, max: most === null ? null : most / 100,
    value: ((most ?? least) / 100).toFixed(2),
  });
  const form = h(
    "form",
    { class: "command-form", "data-wager-form": spot, "aria-label": `${name}: any amount` },
    h("div", { class: "field" }, h("label", { for: id }, `${name}, amount`, h("span", { class: "muted" }, ` ${dollars(least)}–${most === null ? "…" : dollars(most)}`)), input),
    h("button", { type: "submit", class: "action", "data-wager-spot": spot, "data-typed": "yes" }, most === null ? `Bet ${name}` : `${name} for less`),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    place(Math.round(Number(input.value) * 100));
  });
  out.push(form);
  return out;
}

function chipStack(amount) {
  if (!amount) return null;
  return h("span", { class: "stack" }, chip(amount, { size: 30 }), h("span", { class: "amount" }, dollars(amount)));
}

// The felt: the centre, then one betting position per seat.
export function felt(table, view, ctx) {
  const game = gameOf(table);
  const v = occupantsOnly(view.view || {}, ctx);
  const seatCount = ctx.seatCount || 6;
  // Who sits where: the seats the caller gives (the table now, or a round as it was).
  const seated = Object.fromEntries((ctx.seats || table.seats || []).map((s) => [String(s.seat), s]));
  const settled = {};
  for (const s of v.settlements || []) settled[`${s.seat}:${s.spot}`] = s;
  const root = h("div", { class: `felt game-${table.layout || table.game}` });
  root.append(h("div", { class: "centre" }, game.centre(v, game) || ""));
  // A layout whose players all bet on one board (Sic Bo) draws it, seats and all.
  if (game.board) return root.append(game.board(table, v, ctx)), root;
  const seats = h("div", { class: "seats" });
  const others = []; // the other seats: folded under a disclosure (pieces.js)
  for (let n = 1; n <= seatCount; n++) {
    const mine = ctx.mySeat === n;
    const wagers = game.wagers ? game.wagers(v, n) : (v.wagers || {})[String(n)] || {};
    const spots = [...game.spots(table)];
    for (const s of Object.keys(wagers)) if (!spots.includes(s)) spots.push(s);
    // A wager settled keeps its area (the second hand of a split) with its outcome.
    for (const s of v.settlements || []) if (s.seat === n && !spots.includes(s.spot)) spots.push(s.spot);
    if (mine) for (const s of ctx.legalSpots) if (!spots.includes(s)) spots.push(s);
    const areas = h("div", { class: "areas" });
    const hints = [];
    const full = []; // the spots holding the player's wager that take no more now
    let group = null;
    let groupNode = areas;
    for (const spot of spots) {
      if (game.group && game.group(spot) !== group) {
        group = game.group(spot);
        const caption = game.groupLabel ? game.groupLabel(group) : "";
        groupNode = h("div", { class: `area-group group-${group}`, role: "group", "aria-label": caption || null }, caption ? h("span", { class: "group-label" }, caption) : null);
        areas.append(groupNode);
      }
      const result = settled[`${n}:${spot}`];
      const amount = wagers[spot] || (result ? result.amount : 0);
      // A losing wager's chips are collected at settlement: none is left on its area.
      const chips = result && result.outcome === "lose" ? 0 : amount;
      const legal = mine && ctx.legalSpots.has(spot);
      const hint = mine && !legal && game.hint ? game.hint(spot, v, n) : null;
      if (hint) hints.push(`${game.label(spot)}: ${hint}`);
      // Betting goes on but this spot holds his wager: the table's rule says why no more
      // goes there (`table.one_wager`, from the game's package: "one wager per spot
      // (621a.7(a))").
      const taken = mine && !legal && amount && !result && v.phase === "betting" && table.one_wager ? table.one_wager : "";
      if (taken) full.push(game.label(spot));
      const limit = legal && ctx.limits ? ctx.limits[spot] : null;
      const range = limit ? (limit[0] === limit[1] ? `, wager ${dollars(limit[0])}` : `, wager ${dollars(limit[0])} to ${limit[1] === null ? "any amount" : dollars(limit[1])}`) : "";
      const label = `${game.label(spot)}, seat ${n}${amount ? `: ${dollars(amount)} wagered` : ""}${result ? `, ${result.outcome}` : ""}${range}${hint ? ` (${hint})` : ""}${taken ? ` (${taken})` : ""}`;
      groupNode.append(
        h(
          "button",
          {
            class: `spot${legal ? " legal" : ""}${chips ? " has-wager" : ""}${result ? ` outcome-${result.outcome}` : ""}`,
            "data-spot": spot,
            "aria-label": label,
            title: label,
            disabled: !legal,
            onclick: () => ctx.onSpot(spot),
          },
          game.face ? game.face(spot, game.info(spot)) : h("span", { class: "spot-name" }, game.label(spot)),
          chipStack(chips),
        ),
      );
    }
    const who = seated[String(n)];
    // A seat taken since the round shown: the hand and the decision were the last
    // occupant's, not drawn as the viewer's (his seat is empty until his own round).
    const blank = mine && ctx.satInRound === false;
    const hand = game.hand && !blank ? game.hand(v, n) : null;
    const note = game.note && !blank ? game.note(v, n) : "";
    const node = (
      h(
        "section",
        { class: `seat${mine ? " mine" : ""}${who ? "" : " empty"}`, "data-seat": n, "aria-label": `seat ${n}${mine ? " (you)" : ""}` },
        h("h3", { title: who?.name || null }, `Seat ${n}`, mine ? " (you)" : who ? ` — ${who.name || "taken"}` : " — free"),
        areas,
        hand ? h("div", { class: "hand" }, hand) : null,
        note ? h("p", { class: "note" }, note) : null,
        hints.length ? h("p", { class: "hint" }, hints.join(" · ")) : null,
        full.length ? h("p", { class: "hint one-wager" }, oneWager(table.one_wager, full)) : null,
      )
    );
    // A seated player's own seat stays whole; the others fold away (a dealer, a
    // spectator and a replay see every seat).
    if (mine || typeof ctx.mySeat !== "number" || ctx.everySeat) seats.append(node);
    else others.push(node);
  }
  const fold = otherSeats(others, "div", { class: "seats" });
  if (fold) seats.append(fold);
  root.append(seats);
  return root;
}

// The round shown as the viewer's seat draws it: where he did not sit in that round
// (`ctx.satInRound` false: the seat was taken since), its settlements were the last
// occupant's, and no mark of them (won, lost, chips, a row of the results) is drawn or
// listed as his; nor are that occupant's wagers.
function occupantsOnly(v, ctx) {
  if (ctx.satInRound !== false || typeof ctx.mySeat !== "number") return v;
  const others = (list) => (list ? list.filter((s) => s.seat !== ctx.mySeat) : list);
  const wagers = v.wagers ? { ...v.wagers } : v.wagers;
  if (wagers) delete wagers[String(ctx.mySeat)];
  return { ...v, wagers, settlements: others(v.settlements), round_settlements: others(v.round_settlements) };
}

// Why the spots holding the player's wager take no more, in his words with the rule:
// "One wager per spot (621a.7(a)): Pai Gow holds your wager."
function oneWager(rule, names) {
  const which = names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join(" and ");
  return `${rule[0].toUpperCase()}${rule.slice(1)}: ${which} ${names.length > 1 ? "hold" : "holds"} your wager.`;
}

// The settlements of the round shown: every one of the round (`round_settlements`, where
// a round settles roll after roll), else its `settlements`.
export function settlementsOf(v) {
  return v.round_settlements || v.settlements || [];
}

// Results and payouts per wager, from the round's WagerSettled events (and, where a round
// settles roll after roll, each roll's, with the roll's number). `ctx` as the felt's
// (`mySeat`, `satInRound`): a seat taken since the round shown lists none of its rows.
export function results(table, view, ctx = {}) {
  const game = gameOf(table);
  const v = occupantsOnly(view.view || {}, ctx);
  const list = [...settlementsOf(v)];
  if (!list.length) return null;
  // Money paid that no wager settles (the Extra Roll purchase): a row of its own, so the
  // table adds up to what the round moved in each wallet.
  if (game.extras) {
    for (const seat of Object.keys(v.seats || {}).map(Number).filter((n) => ctx.satInRound !== false || n !== ctx.mySeat)) {
      for (const x of game.extras(v, seat)) list.push({ seat, spot: x.spot, amount: x.amount, outcome: "purchase", odds: null, returned: 0, won: 0, paid: true, said: x.said, purchase: true });
    }
  }
  const rolls = list.some((s) => s.roll !== undefined);
  const outcome = (s) => (s.paid ? s.said || "paid" : s.stays ? "win, the wager stays up" : s.said ? s.said : s.outcome);
  const rows = list.map((s) =>
    h(
      "tr",
      { class: `outcome-${String(s.outcome).replace(/\W+/g, "-")}`, "data-seat": s.seat },
      rolls ? h("td", { class: "num", "data-label": "Roll" }, s.roll ? String(s.roll) : "—") : null,
      h("td", { "data-label": "Seat" }, String(s.seat)),
      h("td", { "data-label": "Wager" }, s.purchase ? `${game.label(s.spot)} purchase` : game.label(s.spot)),
      h("td", { class: "num", "data-label": "Amount" }, dollars(s.amount)),
      h("td", { "data-label": "Outcome" }, outcome(s)),
      h("td", { "data-label": "Odds" }, odds(s.odds)),
      h("td", { class: "num", "data-label": "Returned" }, dollars(s.returned)),
      h("td", { class: "num", "data-label": "Won" }, dollars(s.won)),
    ),
  );
  const heads = [...(rolls ? ["Roll"] : []), "Seat", "Wager", "Amount", "Outcome", "Odds", "Returned", "Won"];
  return h(
    "div",
    { class: "table-scroll" },
    h(
    "table",
    { class: "results", "aria-label": "results and payouts per wager" },
    h("caption", {}, rolls ? "Results and payouts, roll by roll" : "Results and payouts"),
    h("thead", {}, h("tr", {}, heads.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows),
    ),
  );
}
