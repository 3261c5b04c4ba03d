// The felt of each game, as its regulation describes the layout: per-seat betting areas
// (clickable when legal_commands lets the viewer wager there) and the game's centre
// (dice, the cross of community cards, the dealer's hand, the Pai Gow shaker and stacks).

import { h } from "./dom.js";
import { dollars, odds } from "./format.js";
import { phrase } from "./words.js";
import { card, chip, die, tile } from "./svg.js";
import { SIC_BO } from "./layouts/sic_bo.js";
import { CRAPS } from "./layouts/craps.js";

const FACES = ["ace", "two", "three", "four", "five", "six"];
const FACE_PIPS = { ace: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

function hrdSpots(table) {
  const rules = table.rules || {};
  const six = String(rules.variant || "").startsWith("six");
  const kinds = six ? ["no_match", 2, 3, 4, 5, 6] : [2, 3, 4, 5, 6, 7, 8];
  const spots = FACES.map((f) => `pip_street:${f}`);
  spots.push(...kinds.map((k) => `like_kind:${k}`));
  spots.push("extra_roll");
  if (!six) spots.push("millionaire_row:9", "millionaire_row:10");
  return spots;
}

// Each layout by its name (the table's `layout`, from the game's spec on the server); the
// game's title and chapter come with the table.
export const LAYOUTS = {
  "high-roll-dice": {
    spots: hrdSpots,
    label(spot) {
      const [kind, what] = spot.split(":");
      if (kind === "pip_street") return `Pip Street ${what}`;
      if (kind === "like_kind") return what === "no_match" ? "Like Kind no match" : `Like Kind ${what}`;
      if (kind === "millionaire_row") return `Millionaire Row ${what}`;
      return "Extra Roll";
    },
    face(spot) {
      const [kind, what] = spot.split(":");
      if (kind === "pip_street") return die(FACE_PIPS[what], { small: true });
      if (kind === "like_kind") return h("span", { class: "circle" }, what === "no_match" ? "0" : what);
      if (kind === "millionaire_row") return h("span", { class: "circle gold" }, what);
      return h("span", { class: "sensor" }, "Extra roll");
    },
    group(spot) {
      return spot.split(":")[0];
    },
    groupLabel: (group) =>
      ({ pip_street: "Pip Street", like_kind: "Like Kind Boulevard", millionaire_row: "Millionaire Row" })[group] || "",
    centre: hrdCentre,
    // The Extra Roll purchase, once the betting is closed: paid, never settled (it stays
    // with the table, 675a.2(e)(3)); the results count it.
    extras(v, seat) {
      const bought = (v.extra_rolls || {})[String(seat)];
      const settled = (v.settlements || []).some((s) => s.seat === seat && s.spot === "extra_roll");
      return bought && !settled && v.phase !== "betting" ? [{ label: "the Extra Roll", spot: "extra_roll", amount: bought }] : [];
    },
    // The Extra Roll purchase is kept apart from the wagers (675a.2(e)(3)); once the round
    // is over it is the table's, and no chip of it is left on the sensor.
    wagers(v, seat) {
      const out = { ...((v.wagers || {})[String(seat)] || {}) };
      const bought = (v.extra_rolls || {})[String(seat)];
      if (bought && v.phase !== "completed" && v.phase !== "voided") out.extra_roll = bought;
      return out;
    },
  },
  "go-fore-it": {
    spots: () => ["skins", "gopher", "front_9", "back_9"],
    label: (s) => ({ skins: "Skins", gopher: "Gopher", front_9: "Front 9", back_9: "Back 9" })[s] || s,
    centre: (v) => dealerCards("Dealer", (v.hands || {}).dealer, v.dealer_total),
    hand: (v, seat) => cards((v.hands || {})[String(seat)]),
    note: (v, seat) => {
      const d = (v.decisions || {})[String(seat)];
      const r = (v.results || {})[String(seat)];
      return [d ? `decision: ${phrase(d)}` : null, r ? `${r.total} (${phrase(r.score)})` : null].filter(Boolean).join(" · ");
    },
  },
  "criss-cross-poker": {
    // The Five Card Bonus area only where the Rules Submission offers it (674a.7(e)).
    spots: (table) => ["ante_across", "ante_down", "across", "down", "middle", ...((table.rules || {}).five_card_bonus ? ["five_card_bonus"] : [])],
    // Why an area is not open to the player now, where the layout can say.
    hint(spot, v, seat) {
      const mine = (v.wagers || {})[String(seat)] || {};
      if (spot === "five_card_bonus" && (!v.phase || v.phase === "betting") && !mine.ante_across) return "place the Antes first: the Five Card Bonus Wager goes with them (674a.7(e))";
      return null;
    },
    label: (s) =>
      ({ ante_across: "Ante Across", ante_down: "Ante Down", across: "Across", down: "Down", middle: "Middle", five_card_bonus: "Five Card Bonus" })[s] || s,
    centre: crossCentre,
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
  },
  "double-back-jack": {
    spots: () => ["blackjack", "second_chance", "insurance", "double"],
    label: (s) => {
      const [base, n] = s.match(/^(.*?)(?:_(\d))?$/).slice(1);
      const name = { blackjack: "Blackjack", second_chance: "Second Chance", insurance: "Insurance", double: "Double" }[base] || base;
      return n ? `${name} (hand ${n})` : name;
    },
    centre: dbjCentre,
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
        // A hand over 21 whose cards the dealer has collected (673a.7(l)(1)) is bust, not
        // the engine's "settled".
        const status = hand.status === "settled" && hand.total > 21 ? "bust" : hand.status;
        mine.append(h("span", { class: "tag" }, `${hand.total ?? ""} ${phrase(status)}`.trim()));
        out.push(mine);
      }
      return h("div", {}, out);
    },
  },
  "pai-gow": {
    spots: () => ["pai_gow"],
    // The fields of a command this layout draws: the two tiles set together (621a.10).
    fields: (v, seat) => ({
      together: (fixed) => tilePicker((v.my_tiles || {})[String(fixed.seat ?? seat)] || []),
    }),
    fieldsKey: (v) => v.my_tiles || null, // what the drawn fields show, for redrawing
    label: () => "Wager",
    centre: paiGowCentre,
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
  },
  "sic-bo": SIC_BO,
  craps: CRAPS,
};

// The buttons of the wagers offered after the betting (Go Fore It's Back 9, Criss-Cross
// Poker's Across, Down and Middle Bets, Double Back Jack's Insurance): one per amount the
// layout names (1x, 2x, 3x the Ante), else "Bet X"; and, where the layout names how a
// player declines one by not making it, a button for that ("No insurance"), which calls
// `onDecline(spot, sentence)`.
export function laterWagerButtons(game, legal, onSpot, declined = new Set(), onDecline = () => {}) {
  return legal.flatMap((lc) => (lc.spots || []).filter((spot) => !declined.has(spot)).flatMap((spot) => {
    const choices = game.choices ? game.choices(spot, lc) : null;
    const out = choices
      ? choices.map((c) => h(
        "button",
        { class: "action", "data-wager-spot": spot, "data-amount": c.amount, "data-multiple": c.multiple ?? null, onclick: () => onSpot(spot, c.amount) },
        `${c.label} ${game.label(spot)} — ${dollars(c.amount)}`,
      ))
      : [h("button", { class: "action", "data-wager-spot": spot, onclick: () => onSpot(spot) }, `Bet ${game.label(spot)}`)];
    const decline = game.declines ? game.declines[spot] : null;
    if (decline) out.push(h("button", { class: "action", "data-decline": spot, onclick: () => onDecline(spot, decline.said) }, decline.label));
    return out;
  }));
}

// Pai Gow: the player sets his hand by choosing the two tiles that go together
// (click or keyboard: each tile is a toggle button); the other two form the other hand.
export function tilePicker(codes) {
  const chosen = new Set();
  const node = h("div", { class: "tile-picker", role: "group", "aria-label": "choose the two tiles that form one hand" });
  const summary = h("p", { class: "muted", "aria-live": "polite" }, "Choose two tiles for one hand.");
  const row = h("div", { class: "tiles" });
  codes.forEach((code, i) => {
    const button = h("button", { type: "button", class: "tile-toggle", "aria-pressed": "false", "data-tile-index": i, "aria-label": `tile ${code}` }, tile(code));
    button.addEventListener("click", () => {
      if (chosen.has(i)) chosen.delete(i);
      else if (chosen.size < 2) chosen.add(i);
      for (const b of row.children) {
        const on = chosen.has(Number(b.dataset.tileIndex));
        b.setAttribute("aria-pressed", String(on));
        b.replaceChildren(tile(codes[Number(b.dataset.tileIndex)], { selected: on }));
      }
      const a = codes.filter((_, k) => chosen.has(k));
      const b = codes.filter((_, k) => !chosen.has(k));
      summary.textContent = chosen.size === 2 ? `One hand: ${a.join(" + ")}; the other: ${b.join(" + ")}.` : "Choose two tiles for one hand.";
    });
    row.append(button);
  });
  node.append(row, summary);
  return { node, caption: "Your tiles", value: () => codes.filter((_, k) => chosen.has(k)) };
}

const GENERIC = { spots: () => [], label: (s) => s, centre: () => null };

// The felt of `table` (its layout, else the generic one) with its game's title and chapter.
export function gameOf(table) {
  return { ...(LAYOUTS[table.layout] || GENERIC), title: table.title || table.game, chapter: table.chapter || "" };
}

function cards(list) {
  return h("div", { class: "cards" }, (list || []).map((c) => card(c)));
}

function tiles(list) {
  return h("div", { class: "tiles" }, (list || []).map((t) => tile(t)));
}

function dealerCards(label, list, total) {
  return h(
    "section",
    { class: "dealer-area", "aria-label": `${label}'s hand` },
    h("h3", {}, label, total !== null && total !== undefined ? ` — ${total}` : ""),
    cards(list || []),
  );
}

function hrdCentre(v) {
  const dice = v.dice || [];
  const aside = v.set_aside || [];
  const first = v.first_roll;
  // The matching dice of the first roll stay in the throw box layout through the Extra
  // Roll (675a.4(e), (g)): shown beside the Extra Roll's dice, so the count adds up.
  const extra = aside.length > 0;
  const held = (v.held || []).map((x) => {
    const [seat, ...spot] = x.split(":");
    return `seat ${seat} ${LAYOUTS["high-roll-dice"].label(spot.join(":"))}`;
  });
  return h(
    "section",
    { class: "dice-tray", "aria-label": "dice" },
    h("h3", {}, "Dice"),
    extra ? h("div", { class: "set-aside", "aria-label": "dice set aside" }, h("span", { class: "tag" }, `Set aside: ${aside.length} × ${FACES[aside[0] - 1]}`), h("div", { class: "dice-aside", "data-set-aside": aside.join(",") }, aside.map((d) => die(d)))) : null,
    extra && dice.length ? h("span", { class: "tag" }, "Extra Roll:") : null,
    h("div", { class: "dice", "data-dice": dice.join(",") }, dice.length ? dice.map((d) => die(d)) : h("span", { class: "muted" }, extra ? "Extra Roll not thrown yet" : "not thrown yet")),
    first ? h("p", { class: "call" }, `Called: ${first.face} × ${first.count}`, v.final_count ? ` · after the Extra Roll: ${first.face} × ${v.final_count}` : "") : null,
    held.length ? h("p", { class: "muted" }, `Held for the Extra Roll: ${held.join(", ")}`) : null,
  );
}

function crossCentre(v) {
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

function dbjCentre(v) {
  return h(
    "div",
    {},
    dealerCards("Dealer", v.dealer, v.dealer_total),
    h("p", { class: "insurance-line" }, "Blackjack and Insurance pays 2 to 1 — Dealer draws to 16 and stands on all 17s"),
    h("p", { class: "insurance-line" }, "Blackjack Wagers push if the dealer's hand totals 22 · player 21 pays right away · Second Chance pays even money"),
    h("p", { class: "muted" }, `Cards in the shoe: ${v.cards_in_shoe ?? "—"}${v.cover_card_reached ? " · cover card reached" : ""}`),
  );
}

// The position the count of the dice ends on, which receives the first stack (621a.8(c),
// (d)): the dealer, the Dead Hand or a betting position (the view's "dealer",
// "dead_hand", "1".."6").
function startingPosition(position) {
  if (position === "dealer") return "the dealer";
  if (position === "dead_hand") return "the Dead Hand";
  return `seat ${position}`;
}

function paiGowCentre(v) {
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

function chipStack(amount) {
  if (!amount) return null;
  return h("span", { class: "stack" }, chip(amount, { size: 30 }), h("span", { class: "amount" }, dollars(amount)));
}

// The felt: the centre, then one betting position per seat.
export function felt(table, view, ctx) {
  const game = gameOf(table);
  const v = view.view || {};
  const seatCount = ctx.seatCount || 6;
  // Who sits where: the seats the caller gives (the table now, or a round as it was).
  const seated = Object.fromEntries((ctx.seats || table.seats || []).map((s) => [String(s.seat), s]));
  const settled = {};
  for (const s of v.settlements || []) settled[`${s.seat}:${s.spot}`] = s;
  const root = h("div", { class: `felt game-${table.layout || table.game}` });
  root.append(h("div", { class: "centre" }, game.centre(v) || ""));
  // A layout whose players all bet on one board (Sic Bo) draws it, seats and all.
  if (game.board) return root.append(game.board(table, v, ctx)), root;
  const seats = h("div", { class: "seats" });
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
      const limit = legal && ctx.limits ? ctx.limits[spot] : null;
      const range = limit ? (limit[0] === limit[1] ? `, wager ${dollars(limit[0])}` : `, wager ${dollars(limit[0])} to ${limit[1] === null ? "any amount" : dollars(limit[1])}`) : "";
      const label = `${game.label(spot)}, seat ${n}${amount ? `: ${dollars(amount)} wagered` : ""}${result ? `, ${result.outcome}` : ""}${range}${hint ? ` (${hint})` : ""}`;
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
          game.face ? game.face(spot) : h("span", { class: "spot-name" }, game.label(spot)),
          chipStack(chips),
        ),
      );
    }
    const who = seated[String(n)];
    const hand = game.hand ? game.hand(v, n) : null;
    const note = game.note ? game.note(v, n) : "";
    seats.append(
      h(
        "section",
        { class: `seat${mine ? " mine" : ""}${who ? "" : " empty"}`, "data-seat": n, "aria-label": `seat ${n}${mine ? " (you)" : ""}` },
        h("h3", {}, `Seat ${n}`, mine ? " (you)" : who ? ` — ${who.name || "taken"}` : " — free"),
        areas,
        hand,
        note ? h("p", { class: "note" }, note) : null,
        hints.length ? h("p", { class: "hint" }, hints.join(" · ")) : null,
      ),
    );
  }
  root.append(seats);
  return root;
}


// Results and payouts per wager, from the round's WagerSettled events.
export function results(table, view) {
  const game = gameOf(table);
  const v = view.view || {};
  const list = [...(v.settlements || [])];
  if (!list.length) return null;
  // Money paid that no wager settles (the Extra Roll purchase): a row of its own, so the
  // table adds up to what the round moved in each wallet.
  if (game.extras) {
    for (const seat of Object.keys(v.seats || {}).map(Number)) {
      for (const x of game.extras(v, seat)) list.push({ seat, spot: x.spot, amount: x.amount, outcome: "purchase", odds: null, returned: 0, won: 0, paid: true });
    }
  }
  const rows = list.map((s) =>
    h(
      "tr",
      { class: `outcome-${s.outcome}` },
      h("td", { "data-label": "Seat" }, String(s.seat)),
      h("td", { "data-label": "Wager" }, s.paid ? `${game.label(s.spot)} purchase` : game.label(s.spot)),
      h("td", { class: "num", "data-label": "Amount" }, dollars(s.amount)),
      h("td", { "data-label": "Outcome" }, s.paid ? "kept by the table (675a.2(e)(3))" : s.outcome),
      h("td", { "data-label": "Odds" }, odds(s.odds)),
      h("td", { class: "num", "data-label": "Returned" }, dollars(s.returned)),
      h("td", { class: "num", "data-label": "Won" }, dollars(s.won)),
    ),
  );
  return h(
    "div",
    { class: "table-scroll" },
    h(
    "table",
    { class: "results", "aria-label": "results and payouts per wager" },
    h("caption", {}, "Results and payouts"),
    h("thead", {}, h("tr", {}, ["Seat", "Wager", "Amount", "Outcome", "Odds", "Returned", "Won"].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows),
    ),
  );
}
