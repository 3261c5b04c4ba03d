// High Roll Dice (58 Pa. Code ch. 675a, 593): per seat, Pip Street's six faces, Like Kind
// Boulevard's circles, the Extra Roll sensor and Millionaire Row, as the server lists them
// (the table's `spots`); the centre: the dice, those set aside and the call.

import { h } from "../dom.js";
import { die } from "../svg.js";

const FACES = ["ace", "two", "three", "four", "five", "six"];

// What an area shows: Pip Street its face, a circle its number, the sensor its name.
function face(spot, info) {
  const group = info ? info.group : "";
  const [number] = info ? info.numbers : [];
  if (group === "pip_street") return die(number, { small: true });
  if (group === "like_kind") return h("span", { class: "circle" }, info.mark);
  if (group === "millionaire_row") return h("span", { class: "circle gold" }, info.mark);
  return h("span", { class: "sensor" }, "Extra roll");
}

function centre(v, game) {
  const aside = v.set_aside || [];
  const first = v.first_roll;
  // The server says whether an Extra Roll is part of the round (`extra_roll`: "due",
  // "thrown" or null); the set-aside dice alone do not (they are named after every call).
  // Through an Extra Roll the first roll's matching dice stay in the throw box layout
  // (675a.4(e), (g)), shown beside the Extra Roll's dice so the count adds up; until it
  // is thrown `dice` is still the first throw, which is not the Extra Roll's.
  const extra = v.extra_roll === "due" || v.extra_roll === "thrown";
  const dice = v.extra_roll === "due" ? [] : v.dice || [];
  const held = (v.held || []).map((x) => `seat ${x.seat} ${game.label(x.spot)}`);
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

// The strip of last results (app.js): a round's call, how many dice show the face
// called (after the Extra Roll, the count it ended with, 675a.4(g)), over its ten dice.
function throws(v) {
  const first = v.first_roll;
  if (!first) return [];
  const count = v.final_count ?? first.count;
  // The ten dice: the first throw, or once an Extra Roll is thrown those set aside and its own.
  const dice = v.extra_roll === "thrown" ? [...(v.set_aside || []), ...(v.dice || [])] : v.dice || [];
  return [{ dice, total: count, shown: `${count} × ${first.face}`, said: `Called: ${first.face} × ${count}` }];
}

export default {
  grouped: true,
  throws,
  face,
  centre,
  // The Extra Roll purchase, once the betting is closed: paid, never settled (it stays
  // with the table, 675a.2(e)(3)); the results count it.
  extras(v, seat) {
    const bought = (v.extra_rolls || {})[String(seat)];
    const settled = (v.settlements || []).some((s) => s.seat === seat && s.spot === "extra_roll");
    return bought && !settled && v.phase !== "betting" ? [{ label: "the Extra Roll", spot: "extra_roll", amount: bought, said: "kept by the table (675a.2(e)(3))" }] : [];
  },
  // The Extra Roll purchase is kept apart from the wagers (675a.2(e)(3)); once the round
  // is over it is the table's, and no chip of it is left on the sensor.
  wagers(v, seat) {
    const out = { ...((v.wagers || {})[String(seat)] || {}) };
    const bought = (v.extra_rolls || {})[String(seat)];
    if (bought && v.phase !== "completed" && v.phase !== "voided") out.extra_roll = bought;
    return out;
  },
};
