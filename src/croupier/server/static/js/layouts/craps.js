// Craps and Mini-Craps (58 Pa. Code ch. 623a): the layout every player bets on, one board
// for the table (623a.2, 623a.3). Along the top the Don't Come Bar and the six point
// numbers, each box with Place (and Buy, Lay and Place to lose where the Rules Submission
// offers them), the Come and Don't Come wagers that have travelled there with their odds,
// and the puck ON at the point; then Come, the Field with Big 6 and Big 8, Don't Pass Bar
// and the Pass Line with the odds behind it; at the side the propositions (Any Seven, the
// hardways, 2, 3, 11, 12, Any Craps, the Horn, C and E), the Fire Bet and Bonus Craps.
// Each area shows the odds it pays (the view's `odds`), the caller's chips (OFF where they
// do not work on the next roll, 623a.4), the others' and, after a roll, what it did to the
// caller's. A legal area takes the chip chosen; an odds area also offers the most the odds
// limit leaves (623a.6). The centre: the puck, the shooter, the dice and every roll of the
// turn (623a.9, 623a.10).

import { h } from "../dom.js";
import { dollars, odds } from "../format.js";
import { chip, die } from "../svg.js";
import { otherSeats } from "../pieces.js";

const POINTS = [4, 5, 6, 8, 9, 10];
const HARD = [4, 6, 8, 10];
const WORD = { 4: "FOUR", 5: "FIVE", 6: "SIX", 8: "EIGHT", 9: "NINE", 10: "TEN" };
const PROPS = [
  ["two", [1, 1]],
  ["three", [1, 2]],
  ["twelve", [6, 6]],
  ["eleven", [5, 6]],
];
const BONUS = { all_small: [2, 3, 4, 5, 6], all_tall: [8, 9, 10, 11, 12], make_em_all: [2, 3, 4, 5, 6, 8, 9, 10, 11, 12] };

// The areas as the server gives them with the table (`table.spots`, from
// croupier.games.craps.layout: the spot, its name, "Pass Line", "Don't Pass Bar 12", "Odds
// on Come 6", its wager as `group` and its number), and the sections the notes cite
// (`table.cites`, shown as the server shows them, e.g. "623a.4 (inferred)"), of the table
// whose layout was drawn last. No spot is written here: each is found by its wager and
// number among those the server lists.
let named = {};
let listed = [];
let cites = {};
// The Don't bar of the table whose layout was drawn last (623a.3: 12, or 2).
let bar = 12;

function read(table) {
  listed = (table && table.spots) || [];
  named = Object.fromEntries(listed.map((s) => [s.value, s.label]));
  cites = (table && table.cites) || {};
}

// The spot of wager `kind` (on the number `n`, where it names one) the table offers, or
// null where it offers none.
function spotOf(kind, n = null) {
  const found = listed.find((s) => s.group === kind && (n === null ? !s.numbers.length : s.numbers[0] === n));
  return found ? found.value : null;
}

function label(spot) {
  return named[spot] || spot;
}

// What the areas show: the caller's chips and the others', the caller's wagers off, and
// what the last roll did to the caller's.
function placed(v, mySeat) {
  const mine = {};
  const others = {};
  for (const [seat, held] of Object.entries(v.wagers || {})) {
    const into = Number(seat) === mySeat ? mine : others;
    for (const [spot, amount] of Object.entries(held)) into[spot] = (into[spot] || 0) + amount;
  }
  const off = new Set((v.off || {})[String(mySeat)] || []);
  const outcomes = {};
  for (const s of v.settlements || []) if (s.seat === mySeat) outcomes[s.spot] = s;
  return { mine, others, off, outcomes };
}

function said(outcome) {
  if (!outcome) return null;
  if (outcome.outcome === "win") return `won ${dollars(outcome.won)}${outcome.returned ? " (the wager returned)" : " (the wager stays up)"}`;
  if (outcome.outcome === "lose") return "lost";
  if (outcome.outcome === "push") return "returned (a push)";
  return outcome.outcome;
}

function makeArea(v, ctx, on, offered) {
  return function area(spot, content, extra = "") {
    if (spot === null || !offered.has(spot)) return null;
    const legal = ctx.legalSpots.has(spot);
    const mine = on.mine[spot] || 0;
    const others = on.others[spot] || 0;
    const off = mine && on.off.has(spot);
    const outcome = on.outcomes[spot];
    const pays = (v.odds || {})[spot];
    const limit = legal && ctx.limits ? ctx.limits[spot] : null;
    const words = [
      label(spot),
      pays ? `pays ${odds(pays)}` : null,
      mine ? `your wager ${dollars(mine)}` : null,
      off ? "off for the next roll" : null,
      others ? `others ${dollars(others)}` : null,
      outcome ? `last roll: ${said(outcome)}` : null,
      limit ? `wager ${dollars(limit[0])} to ${dollars(limit[1])}` : null,
    ].filter(Boolean).join(", ");
    return h(
      "button",
      {
        type: "button",
        class: `spot cr-area ${extra}${legal ? " legal" : ""}${mine ? " has-wager" : ""}${off ? " off" : ""}${outcome ? ` outcome-${outcome.outcome}` : ""}`,
        "data-spot": spot,
        "aria-label": words,
        title: words,
        disabled: !legal,
        onclick: () => ctx.onSpot(spot),
      },
      content === undefined ? h("span", { class: "cr-name" }, label(spot)) : content,
      pays ? h("span", { class: "cr-odds" }, odds(pays)) : null,
      others ? h("span", { class: "cr-others", "data-others": others }, `+${dollars(others)}`) : null,
      mine ? h("span", { class: "stack" }, chip(mine, { size: 26 }), h("span", { class: "amount" }, dollars(mine)), off ? h("span", { class: "cr-off" }, "OFF") : null) : null,
    );
  };
}

// The odds control beside an odds area: the most the limit leaves, in one click (623a.6),
// and, before any odds are behind the wager, each whole multiple of it below that (1x,
// 2x ...: "3-4-5x" odds are 3, 4 or 5 times the line wager); `laid`: odds laid behind a
// Don't wager; `line`: the caller's wager the odds go behind.
function oddsControl(spot, ctx, laid, line = 0, held = 0) {
  const limit = spot !== null && ctx.legalSpots.has(spot) && ctx.limits ? ctx.limits[spot] : null;
  if (!limit || limit[1] === null || limit[1] === undefined) return null;
  const [low, high] = limit;
  const verb = laid ? "Lay" : "Take";
  const multiples = [];
  for (let k = 1; line && !held && k * line < high; k++) if (k * line >= (low || 0)) multiples.push(k);
  const text = `${verb} full odds ${dollars(high)}`;
  return h(
    "div",
    { class: "cr-odds-buttons", role: "group", "aria-label": `odds: ${label(spot)}` },
    multiples.map((k) => h("button", { type: "button", class: "action cr-max", "data-odds-multiple": k, "data-spot-odds": spot, "aria-label": `${verb} ${k}x odds ${dollars(k * line)}: ${label(spot)}`, onclick: () => ctx.onSpot(spot, k * line) }, `${k}x ${dollars(k * line)}`)),
    h("button", { type: "button", class: "action cr-max", "data-max-odds": spot, "aria-label": `${text}: ${label(spot)}`, onclick: () => ctx.onSpot(spot, high) }, text),
  );
}

// Come or Don't Come (`laid`) on a number with the odds behind it: drawn where someone
// holds it, or where the caller may put odds behind his own.
function travelled(laid, n, area, ctx, on) {
  const spot = spotOf(laid ? "dont_come" : "come", n);
  const behind = spotOf(laid ? "dont_come_odds" : "come_odds", n);
  const held = (s) => s !== null && (on.mine[s] || on.others[s]);
  if (spot === null || (!held(spot) && !held(behind) && !ctx.legalSpots.has(behind))) return null;
  return h(
    "div",
    { class: `cr-travelled cr-${laid ? "dont-come" : "come"}`, role: "group", "aria-label": label(spot) },
    area(spot, h("span", { class: "cr-name" }, laid ? "Don't Come" : "Come")),
    area(behind, h("span", { class: "cr-name" }, laid ? "Odds laid" : "Odds")),
    oddsControl(behind, ctx, laid, on.mine[spot] || 0, (behind !== null && on.mine[behind]) || 0),
  );
}

function numberBox(n, v, area, ctx, on) {
  const point = v.point === n;
  return h(
    "div",
    { class: `cr-number${point ? " point" : ""}`, "data-number": n, role: "group", "aria-label": `the number ${n}${point ? ", the point" : ""}` },
    h("div", { class: "cr-number-head" }, h("strong", {}, String(n)), h("small", {}, WORD[n]), point ? h("span", { class: "cr-puck on", "aria-label": `the puck, ON at ${n}` }, "ON") : null),
    travelled(false, n, area, ctx, on),
    travelled(true, n, area, ctx, on),
    area(spotOf("place", n), h("span", { class: "cr-name" }, `Place ${n}`), "cr-place"),
    h("div", { class: "cr-extras" }, area(spotOf("buy", n), h("span", { class: "cr-name" }, "Buy")), area(spotOf("lay", n), h("span", { class: "cr-name" }, "Lay")), area(spotOf("place_to_lose", n), h("span", { class: "cr-name" }, "Place to lose"))),
  );
}

function pair(faces) {
  return h("span", { class: "cr-dice" }, faces.map((f) => die(f, { small: true })));
}

function numbers(list, lit) {
  return h("span", { class: "cr-row-numbers" }, list.map((n) => h("span", { class: `cr-num${lit && lit.has(n) ? " lit" : ""}`, "data-rolled": lit && lit.has(n) ? "yes" : null }, String(n))));
}

function sideBets(v, area) {
  const tiers = Object.entries(v.fire_tiers || {}).map(([points, o]) => `${points} points ${odds(o)}`).join(" · ");
  const made = new Set(v.points_made || []);
  const rolled = new Set(v.bonus_rolled || []);
  const fire = area("fire_bet", h("span", { class: "cr-word" }, h("strong", {}, "FIRE BET"), h("small", {}, tiers || "distinct points made by the shooter"), numbers(POINTS, made)), "cr-fire");
  const bonus = ["all_small", "all_tall", "make_em_all"].map((spot) => area(spot, h("span", { class: "cr-word" }, h("strong", {}, label(spot)), numbers(BONUS[spot], rolled))));
  const any = bonus.some(Boolean);
  return h(
    "div",
    { class: "cr-side-bets" },
    fire,
    any ? h("div", { class: "cr-bonus", role: "group", "aria-label": "Bonus Craps: every number rolled before a 7" }, h("span", { class: "cr-caption" }, "Bonus Craps"), bonus) : null,
  );
}

function propositions(area) {
  return h(
    "div",
    { class: "cr-props", role: "group", "aria-label": "propositions" },
    area("any_seven", h("span", { class: "cr-word" }, h("strong", {}, "ANY SEVEN")), "cr-wide"),
    h("div", { class: "cr-hardways", role: "group", "aria-label": "hardways" }, [6, 10, 8, 4].map((n) => area(spotOf("hard", n), h("span", { class: "cr-word" }, pair([n / 2, n / 2]), h("small", {}, `Hard ${n}`))))),
    h("div", { class: "cr-one-rolls", role: "group", "aria-label": "2, 3, 11 and 12" }, PROPS.map(([spot, faces]) => area(spot, h("span", { class: "cr-word" }, pair(faces), h("small", {}, label(spot).split(" ")[0]))))),
    area("any_craps", h("span", { class: "cr-word" }, h("strong", {}, "ANY CRAPS"), h("small", {}, "2, 3 or 12")), "cr-wide"),
    h("div", { class: "cr-split" }, area("horn", h("span", { class: "cr-word" }, h("strong", {}, "HORN"), h("small", {}, "2 · 3 · 11 · 12, a quarter on each"))), area("c_and_e", h("span", { class: "cr-word" }, h("strong", {}, "C and E"), h("small", {}, "any craps · 11, half on each")))),
  );
}

function seatsList(table, v, ctx) {
  const who = v.seats || Object.fromEntries((table.seats || []).map((s) => [String(s.seat), s.name || s.player_id || "taken"]));
  const departed = new Set(v.departed || []);
  const items = [];
  for (let n = 1; n <= (ctx.seatCount || 14); n++) {
    const seat = String(n);
    const mine = ctx.mySeat === n;
    if (!who[seat] && !mine) continue;
    const held = Object.entries((v.wagers || {})[seat] || {});
    const off = new Set((v.off || {})[seat] || []);
    const shooter = v.shooter === n;
    items.push(
      h(
        "li",
        { class: `seat${mine ? " mine" : ""}${shooter ? " shooter" : ""}`, "data-seat": n, "aria-label": `seat ${n}${mine ? " (you)" : ""}${shooter ? ", the shooter" : ""}` },
        h("strong", {}, `Seat ${n}`, mine ? " (you)" : ""),
        shooter ? h("span", { class: "cr-shooter-mark" }, " · the shooter") : null,
        departed.has(n) ? " · has left; wagers working" : "",
        held.length
          ? h("span", { class: "cr-held" }, ` · ${held.map(([spot, amount]) => `${label(spot)} ${dollars(amount)}${off.has(spot) ? " (off)" : ""}`).join(", ")}`)
          : "",
      ),
    );
  }
  if (!items.length) return h("ul", { class: "cr-seats", "aria-label": "seats" }, h("li", { class: "muted" }, "No one is seated."));
  // A seated player's own line stays; the others fold away (pieces.js).
  if (typeof ctx.mySeat !== "number" || ctx.everySeat) return h("ul", { class: "cr-seats", "aria-label": "seats" }, items);
  const mine = items.filter((i) => i.classList.contains("mine"));
  return h("div", { class: "seat-lists" },
    mine.length ? h("ul", { class: "cr-seats", "aria-label": "your seat" }, mine) : null,
    otherSeats(items.filter((i) => !i.classList.contains("mine")), "ul", { class: "cr-seats", "aria-label": "other seats" }));
}

// A player seated during a turn of the dice plays from the next round (server:seats,
// shown as the server words a rule of its own: "the operator's rules", never the code):
// with a point on, it opens after the seven-out; on a come-out, when the turn ends (at
// once where nobody holds a Pass or Don't Pass wager when the betting time runs out).
export function lateNote(v, seat) {
  if (seat === null || seat === undefined || !v.seats || v.phase === "completed" || v.phase === "voided") return null;
  if (String(seat) in v.seats) return null;
  const opens = v.point ? "which opens after the seven-out" : "which opens when this turn of the dice ends";
  return `You sat down during this turn of the dice: you bet from the next round, ${opens} (the operator's rules).`;
}

function late(v, ctx) {
  const note = lateNote(v, ctx.mySeat);
  return note ? h("p", { class: "message info cr-late" }, note) : null;
}

// The board, shared by every seat (felt's `board` hook).
export function board(table, v, ctx) {
  ensureStyle();
  read(table);
  const rules = table.rules || {};
  bar = rules.dont_bar || 12;
  const mini = (v.table || rules.table) === "mini_craps";
  const on = placed(v, ctx.mySeat);
  const offered = new Set(Object.keys(named));
  const area = makeArea(v, ctx, on, offered);
  // What the Field pays on 2 and on 12: the rows of the odds the server names for it.
  const fieldInfo = listed.find((s) => s.value === spotOf("field"));
  const [two, twelve] = fieldInfo ? fieldInfo.pays : [];
  const field = two && twelve && (v.odds || {})[two] && (v.odds || {})[twelve]
    ? `2 pays ${odds(v.odds[two])} · 12 pays ${odds(v.odds[twelve])}`
    : "2, 3, 4, 9, 10, 11, 12";
  const main = h(
    "div",
    { class: "cr-main" },
    h("div", { class: "cr-numbers" }, area("dont_come", h("span", { class: "cr-word" }, h("strong", {}, "DON'T COME"), h("small", {}, `Bar ${bar}`)), "cr-dont-come"), POINTS.map((n) => numberBox(n, v, area, ctx, on))),
    area("come", h("span", { class: "cr-word" }, h("strong", {}, "COME")), "cr-come"),
    h(
      "div",
      { class: "cr-field-row" },
      h("div", { class: "cr-big" }, area("big_6", h("span", { class: "cr-word" }, h("strong", {}, "BIG 6"))), area("big_8", h("span", { class: "cr-word" }, h("strong", {}, "BIG 8")))),
      area("field", h("span", { class: "cr-word" }, h("strong", {}, "FIELD"), numbers([2, 3, 4, 9, 10, 11, 12]), h("small", {}, field)), "cr-field"),
    ),
    h("div", { class: "cr-line" }, area("dont_pass", h("span", { class: "cr-word" }, h("strong", {}, "DON'T PASS BAR"), h("small", {}, `${bar} pushes on the come-out`)), "cr-dont-pass"), area("dont_pass_odds", h("span", { class: "cr-name" }, "Odds laid")), oddsControl(spotOf("dont_pass_odds"), ctx, true, on.mine.dont_pass || 0, on.mine.dont_pass_odds || 0)),
    h("div", { class: "cr-line" }, area("pass", h("span", { class: "cr-word" }, h("strong", {}, "PASS LINE")), "cr-pass"), area("pass_odds", h("span", { class: "cr-name" }, "Odds")), oddsControl(spotOf("pass_odds"), ctx, false, on.mine.pass || 0, on.mine.pass_odds || 0)),
  );
  const commission = rules.commission_percent ? `Buy and Lay pay true odds less a ${rules.commission_percent}% commission` : "Buy and Lay pay true odds";
  return h(
    "div",
    { class: `cr-board${mini ? " cr-mini" : ""}`, "aria-label": mini ? "Mini-Craps layout" : "Craps layout", "data-table-kind": mini ? "mini_craps" : "craps" },
    late(v, ctx),
    h("p", { class: "cr-kind" }, mini ? `Mini-Craps: one dealer, at most nine players (${cites.table})` : `Craps: a boxperson, two dealers and a stickperson (${cites.table})`),
    h("div", { class: "cr-layout" }, main, h("div", { class: "cr-side" }, propositions(area), sideBets(v, area))),
    h("p", { class: "muted cr-notes" }, `${commission}. Place, Buy, Lay, the hardways and the odds on a Come wager are off on a come-out roll unless called working (${cites.working}). Odds limit ${rules.odds_limit || "—"} (${cites.odds_limit}).`),
    v.odds ? null : h("p", { class: "muted" }, "The payout odds are on the table sign below; the areas show them once a round is open."),
    seatsList(table, v, ctx),
  );
}

const CALLS = {
  natural: "a natural: Pass wins",
  craps: "craps: Pass loses",
  point_set: "the point is set",
  point_made: "the point is made: Pass wins",
  seven_out: "seven out: the shooter's turn ends",
  number: "no decision on the line",
};

function called(roll) {
  if (roll.roll === "point_set") return `the point is ${roll.point}`;
  return CALLS[roll.roll] || roll.roll;
}

function thrower(roll, viewer) {
  if (roll.shooter === null || roll.shooter === undefined) return "the stickperson";
  return `seat ${roll.shooter}${roll.shooter === viewer ? " (you)" : ""}`;
}

// The puck, the shooter, the dice and every roll of the turn (623a.9, 623a.10).
export function centre(v, game) {
  read(game && game.table);
  const history = v.history || [];
  const last = history[history.length - 1];
  const faces = v.dice && v.dice.length ? v.dice : last ? last.dice : [];
  const puck = v.point ? h("span", { class: "cr-puck on", "data-puck": "on", "aria-label": `the puck is ON at ${v.point}` }, `ON ${v.point}`) : h("span", { class: "cr-puck off", "data-puck": "off", "aria-label": "the puck is OFF: the next roll is a come-out" }, "OFF");
  const shooter = v.shooter
    ? `Shooter: seat ${v.shooter}${v.shooter === v.viewer ? " (you)" : ""}`
    : v.point
      ? "Shooter: none; the stickperson throws to decide the point"
      : `Shooter: the dice go to the first seat clockwise holding a Pass or Don't Pass wager (${cites.shooter})`;
  return h(
    "section",
    { class: "dice-tray cr-centre", "aria-label": "the puck, the shooter and the dice" },
    h("div", { class: "cr-status" }, h("span", {}, "Puck "), puck, h("span", { class: "cr-shooter", "data-shooter": v.shooter ?? "" }, shooter)),
    h("div", { class: "dice", "data-dice": faces.join(",") }, faces.length ? faces.map((f) => die(f)) : h("span", { class: "muted" }, "not thrown yet")),
    last ? h("p", { class: "call", "data-total": last.total, "data-roll": last.roll }, `${last.total}${last.dice[0] === last.dice[1] ? " the hard way" : ""}: ${called(last)}`) : null,
    history.length
      ? h(
          "details",
          { class: "cr-history-box", open: true },
          h("summary", {}, `Rolls this turn of the dice: ${history.length}`),
          // Newest first, numbered from the first throw: the list shows two lines at a
          // desktop's one screen, and the roll just thrown is the one a player reads.
          h("ol", { class: "cr-history", reversed: true, "aria-label": "every roll of the round, the latest first" }, history.slice().reverse().map((r) => h("li", { "data-total": r.total, "data-roll": r.roll }, `${r.dice.join(" + ")} = ${r.total}, ${called(r)} · thrown by ${thrower(r, v.viewer)}`))),
        )
      : null,
  );
}

// The strip of last results (app.js): every roll of the turn, its dice and total.
function throws(v) {
  return (v.history || []).map((r) => ({ dice: r.dice, total: r.total, said: `${r.dice.join(" + ")} = ${r.total}, ${called(r)}` }));
}

export default { centre, board, throws };

const STYLE = `
.cr-board { display: flex; flex-direction: column; gap: 8px; }
.cr-kind { margin: 0; font-size: .85rem; color: #d8efe0; }
.cr-layout { display: grid; grid-template-columns: 3fr 1.25fr; gap: 8px; overflow-x: auto; }
.cr-main, .cr-side { display: flex; flex-direction: column; gap: 6px; }
.cr-area { width: 100%; min-width: 0; gap: 2px; padding: 4px 2px 14px; }
.cr-area.has-wager { margin: 0; padding-right: 2px; }
.cr-area .stack { right: 2px; bottom: 2px; }
.cr-numbers { display: grid; grid-template-columns: .8fr repeat(6, 1fr); gap: 4px; }
.cr-number { display: flex; flex-direction: column; gap: 3px; border: 2px solid rgba(255,255,255,.6); border-radius: 8px; padding: 3px; min-width: 74px; }
.cr-number.point { border-color: #fff; box-shadow: 0 0 8px 2px rgba(255,255,255,.6); }
.cr-number-head { display: flex; align-items: baseline; justify-content: center; gap: 4px; }
.cr-number-head strong { font-size: 1.5rem; }
.cr-number-head small { font-size: .6rem; letter-spacing: .05em; }
.cr-travelled { display: grid; grid-template-columns: 1fr; gap: 2px; }

.cr-extras { display: grid; grid-template-columns: 1fr 1fr; gap: 2px; }
.cr-extras .cr-area:nth-child(3) { grid-column: span 2; }
.cr-extras .cr-area { padding: 2px 1px 12px; min-height: 34px; }
.cr-extras .cr-name, .cr-travelled .cr-name { font-size: .7rem; }
.cr-place { min-height: 56px; }
.cr-come, .cr-pass { min-height: 54px; }
.cr-field-row { display: grid; grid-template-columns: 1fr 4fr; gap: 4px; }
.cr-big { display: grid; grid-template-columns: 1fr 1fr; gap: 4px; }
.cr-line { display: grid; grid-template-columns: 4fr 1fr auto; gap: 4px; align-items: stretch; }
.cr-word { display: flex; flex-direction: column; align-items: center; gap: 2px; }
.cr-word small { font-size: .65rem; color: #d8efe0; }
.cr-name { font-size: .8rem; font-weight: 600; }
.cr-odds { font-size: .65rem; color: var(--gold, #f2c14e); white-space: nowrap; }
.cr-others { position: absolute; left: 3px; bottom: 1px; font-size: .6rem; color: #d8efe0; }
.cr-off { position: absolute; top: -10px; right: 0; font-size: .55rem; background: #222; color: #fff; border-radius: 4px; padding: 0 3px; }
.cr-row-numbers { display: inline-flex; gap: 4px; flex-wrap: wrap; justify-content: center; }
.cr-num { font-weight: 700; min-width: 1.2em; text-align: center; border-radius: 50%; }
.cr-num.lit { background: #f2c14e; color: #222; }
.cr-dice { display: inline-flex; gap: 1px; }
.cr-dice svg { width: 18px; height: 18px; }
.cr-props { display: grid; gap: 4px; }
.cr-hardways, .cr-one-rolls { display: grid; grid-template-columns: 1fr 1fr; gap: 4px; }
.cr-split { display: grid; grid-template-columns: 1fr 1fr; gap: 4px; }
.cr-side-bets { display: grid; gap: 4px; }
.cr-bonus { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; }
.cr-bonus .cr-caption { grid-column: span 3; font-size: .75rem; }
.cr-fire strong { color: #ffb347; }
.cr-max { font-size: .7rem; padding: 2px 6px; }
.cr-odds-buttons { display: flex; flex-direction: column; gap: 2px; }
.cr-puck { display: inline-block; border-radius: 50%; padding: 6px 8px; font-weight: 800; font-size: .8rem; border: 2px solid #222; }
.cr-puck.on { background: #fff; color: #222; }
.cr-puck.off { background: #222; color: #fff; border-color: #fff; }
.cr-number .cr-puck { padding: 2px 5px; font-size: .65rem; }
.cr-status { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.cr-history { margin: 4px 0 0; padding-left: 1.6em; max-height: 11em; overflow-y: auto; font-size: .85rem; }
.cr-seats { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 0; }
.cr-seats .seat { padding: 4px 8px; font-size: .85rem; }
.cr-seats .seat.shooter { border-color: #fff; }
.cr-notes { margin: 0; font-size: .75rem; }
.cr-mini .cr-layout { grid-template-columns: 3fr 1fr; }
/* Dark words on the notice's light blue (the felt's own words are light). */
.cr-late { margin: 0; color: #10243a; }
/* One screen (issue 34): the centre in one band, the propositions four across, the
   areas no taller than their words. */
.cr-centre { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 12px; }
.cr-centre .dice svg { width: 34px; height: 34px; }
.cr-centre .call { margin: 0; }
.cr-history-box { flex-basis: 100%; font-size: .8rem; }
.cr-history { max-height: 2.6em; margin: 0; }
.cr-kind { display: none; }
.cr-area { padding: 2px 2px 10px; min-height: 0; }
.cr-place { min-height: 40px; }
.cr-come, .cr-pass { min-height: 40px; }
.cr-extras .cr-area { min-height: 30px; }
.cr-number-head strong { font-size: 1.2rem; }
.cr-hardways, .cr-one-rolls { grid-template-columns: repeat(4, 1fr); }
.cr-side { gap: 4px; }
.cr-line { grid-template-columns: 4fr 1fr; }
.cr-odds-buttons { grid-column: 1 / -1; flex-direction: row; flex-wrap: wrap; }
.cr-odds-buttons .cr-max { min-height: 30px; flex: 1 1 auto; }
.cr-side-bets { grid-template-columns: repeat(4, 1fr); }
.cr-bonus { display: contents; }
.cr-bonus .cr-caption { display: none; }
.cr-bonus .cr-area, .cr-fire { padding: 2px 1px 10px; }
.cr-bonus .cr-row-numbers, .cr-fire .cr-row-numbers { font-size: .7rem; gap: 0 3px; }
.cr-fire small { display: none; }
@media (max-width: 760px) {
  /* One screen at phone width (issue 34): the six numbers across, the propositions
     four across, every area no taller than its words. */
  .cr-layout, .cr-mini .cr-layout { grid-template-columns: 1fr; gap: 3px; }
  .cr-main, .cr-side { gap: 3px; }
  .cr-numbers { grid-template-columns: repeat(6, 1fr); gap: 2px; }
  .cr-numbers .cr-dont-come { grid-column: 1 / -1; }
  .cr-number { min-width: 0; padding: 1px; gap: 1px; border-radius: 6px; }
  .cr-number-head strong { font-size: .9rem; }
  .cr-number-head small { display: none; }
  .cr-area { padding: 1px 1px 8px; border-radius: 6px; }
  .cr-place, .cr-come, .cr-pass, .cr-extras .cr-area { min-height: 24px; }
  .cr-extras { gap: 1px; }
  .cr-name, .cr-extras .cr-name, .cr-travelled .cr-name { font-size: .58rem; }
  .cr-odds { font-size: .5rem; }
  .cr-word strong { font-size: .72rem; }
  .cr-word small { font-size: .5rem; }
  .cr-dice svg { width: 11px; height: 11px; }
  .cr-row-numbers { gap: 2px; font-size: .65rem; }
  .cr-field-row { gap: 2px; }
  .cr-big, .cr-line, .cr-split { gap: 2px; }
  .cr-props { grid-template-columns: repeat(4, 1fr); gap: 2px; }
  .cr-hardways, .cr-one-rolls, .cr-split { display: contents; }
  .cr-side-bets { gap: 2px; }
  .cr-line { grid-template-columns: 3fr 1fr; gap: 2px; }
  /* Don't Come beside Come, under the six numbers. */
  .cr-main { display: grid; grid-template-columns: repeat(6, 1fr); }
  .cr-numbers { display: contents; }
  .cr-main > * { grid-column: 1 / -1; order: 3; }
  .cr-numbers > .cr-number { grid-column: auto; order: 0; }
  .cr-numbers > .cr-dont-come { grid-column: span 2; order: 1; }
  .cr-main > .cr-come { grid-column: span 4; order: 2; }
  /* The rolls of the turn: the strip of the last results (app.js) says them. */
  .cr-history-box { display: none; }
  .cr-field small { display: none; }
  .cr-area { padding-bottom: 4px; }
  .cr-number-head { line-height: 1.1; }
  .cr-extras .cr-area:nth-child(3) .cr-name { font-size: .5rem; line-height: 1; }
  .cr-dont-come .cr-word { flex-direction: row; gap: 6px; }
  .cr-field-row { grid-template-columns: 1.4fr 3fr; }
  .cr-big .cr-word strong { white-space: nowrap; font-size: .65rem; }
  .cr-bonus .cr-row-numbers, .cr-fire .cr-row-numbers { font-size: .55rem; }
  .cr-bonus .cr-word strong, .cr-fire .cr-word strong { font-size: .62rem; }
  .cr-centre { font-size: .68rem; gap: 0 8px; }
  .cr-centre h3 { display: none; }
  .cr-centre .dice svg { width: 26px; height: 26px; }
  .cr-puck { padding: 3px 5px; font-size: .65rem; }
  .cr-area .stack svg { width: 20px; height: 20px; }
  /* The player's own seat in view above the chips (issue 34): the notes go (the help
     says them), the seats in one line above the layout, under the notice of a player
     seated during a turn of the dice. */
  .cr-notes { display: none; }
  .cr-board { gap: 4px; }
  .cr-board > .seat-lists { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 6px; }
  .cr-board > .seat-lists > * { flex: 0 1 auto; min-width: 0; margin: 0; }
  .cr-board > .seat-lists .seat { padding: 1px 6px; font-size: .75rem; }
  .cr-board > .seat-lists .other-seats > summary { font-size: .72rem; }
  .cr-centre .dice:has(> .muted) { display: none; }
  .cr-board > .seat-lists { order: -1; }
  .cr-late { order: -2; font-size: .72rem; padding: 2px 6px; }
  /* Every area within the screen's width (issue 34: the Field ran 9 px past it, the
     propositions' words over each other): no track wider than its share, the words
     wrapping in their area. */
  .cr-layout, .cr-main, .cr-side { min-width: 0; }
  .cr-main { grid-template-columns: repeat(6, minmax(0, 1fr)); }
  .cr-field-row { grid-template-columns: minmax(0, 1.4fr) minmax(0, 3fr); }
  .cr-big { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .cr-line { grid-template-columns: minmax(0, 3fr) minmax(0, 1fr); }
  .cr-props, .cr-side-bets { grid-template-columns: repeat(4, minmax(0, 1fr)); }
  .cr-word { min-width: 0; max-width: 100%; text-align: center; overflow-wrap: anywhere; }
  .cr-word strong, .cr-word small { max-width: 100%; }
}
`;

function ensureStyle() {
  if (document.getElementById("craps-style")) return;
  document.head.append(h("style", { id: "craps-style" }, STYLE));
}
