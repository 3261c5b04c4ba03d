// Controls for any command that legal_commands lists, built from its typed offer alone
// (offers.js): a fixed field is filled in, a choice becomes buttons or a select of its
// labels, a whole number an input within its range, an amount a money input within its
// range and step, words a text input and dice read a list; a choice of one value is
// fixed where a form is shown for the rest, and a command whose only choice is among a
// few values becomes one button per value.

import { h } from "./dom.js";
import { dollars } from "./format.js";

export function humanize(name) {
  return String(name)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])/g, (_, c) => ` ${c.toLowerCase()}`);
}

const FORM = new Set(["integer", "text", "list", "layout"]);

// Plan the fields of one legal command: fixed values and the choices left to the user.
export function plan(lc, drawn = {}) {
  const fixed = { type: lc.command };
  const fields = [];
  for (const [name, f] of Object.entries(lc.fields || {})) {
    const required = !f.optional;
    if (f.kind === "fixed") fixed[name] = f.value;
    else if (drawn[name]) fields.push({ name, kind: "layout", required });
    else if (f.kind === "choice") {
      const choices = f.options.map((o) => (typeof o.value === "object" ? JSON.stringify(o.value) : String(o.value)));
      fields.push({ name, kind: "choice", choices, values: f.options.map((o) => o.value), labels: f.options.map((o) => o.label), required });
    } else if (f.kind === "integers") {
      if (f.low === f.high && required) fixed[name] = f.low;
      else fields.push({ name, kind: "integer", min: f.low, max: f.high, required });
    } else if (f.kind === "amount") {
      fields.push({ name, kind: "money", min: f.low, max: f.high ?? null, step: f.step || 1, required });
    } else if (f.kind === "numbers") {
      fields.push({ name, kind: "list", count: f.count, required });
    } else if (f.kind === "subset") {
      // Some of the values offered, each once (boxes missed, stacks a cut moves).
      fields.push({ name, kind: "list", count: null, of: f.of, required });
    } else {
      fields.push({ name, kind: "text", max: f.max_length, required });
    }
  }
  // A choice of one value is fixed where a form asks for the rest.
  if (fields.some((f) => FORM.has(f.kind))) {
    for (const f of fields.filter((x) => x.kind === "choice" && x.values.length === 1 && x.required)) {
      fixed[f.name] = f.values[0];
      fields.splice(fields.indexOf(f), 1);
    }
  }
  return { fixed, fields };
}

// A choice as the player reads it: its label in the offer.
function named(field, index) {
  return field.labels[index];
}

// A field as the player reads it: a spot's field by the table's name for it (Criss-Cross
// Poker's "Ante Across", 674a.7(d)), else its name in words.
function fieldName(name, ctx) {
  const said = ctx.label ? ctx.label(name) : name;
  return said !== name ? said : humanize(name);
}

// What the offer fixes besides the seat, where it is yes or no (a wager called working).
function flags(fixed) {
  const said = Object.entries(fixed)
    .filter(([, v]) => typeof v === "boolean")
    .map(([k, v]) => (v ? humanize(k).toLowerCase() : `not ${humanize(k).toLowerCase()}`));
  return said.length ? ` (${said.join(", ")})` : "";
}

// The money input of an amount field: dollars, from the least multiple of its step.
function moneyInput(id, f, start) {
  const least = f.min === null ? null : Math.ceil(f.min / f.step) * f.step;
  const step = f.step > 1 ? f.step / 100 : 0.01;
  return h("input", { id, name: f.name, type: "number", step: String(step), min: least !== null ? least / 100 : null, max: f.max !== null ? f.max / 100 : null, value: (start / 100).toFixed(2), required: true, inputmode: "decimal" });
}

// The control of one legal command; ``send(command)`` posts it.
export function control(lc, ctx, send) {
  const { fixed, fields } = plan(lc, ctx.fields || {});
  const title = lc.title || humanize(lc.command);
  const cite = lc.cite_shown ? ` (${lc.cite_shown})` : ""; // words, never a code
  // A fold or a surrender (the offer's `gives_up`): never the first decision focused.
  const wrap = h("div", { class: "command", "data-command": lc.command, "data-gives-up": lc.gives_up || null, title: `${title}${cite}` });
  if (fields.length === 0) {
    wrap.append(h("button", { class: "action", "data-action": lc.command, onclick: () => send({ ...fixed }) }, title));
    return wrap;
  }
  // One value and an amount (a decision that takes money, up to what the offer allows):
  // a button for the most, its amount written on it, and an amount to type only where
  // less is allowed.
  const only = fields.find((f) => f.kind === "choice" && f.values.length === 1);
  const money = fields.find((f) => f.kind === "money");
  if (fields.length === 2 && only && money && money.max !== null) {
    const choice = only.choices[0];
    const value = only.values[0];
    const name = named(only, 0);
    const full = { ...fixed, [only.name]: value, [money.name]: money.max };
    wrap.append(h("button", { class: "action", "data-action": `${lc.command}:${choice}`, "data-amount": money.max, onclick: () => send(full) }, `${name} ${dollars(money.max)}`));
    if (money.min !== null && money.min < money.max) {
      const id = `f-${lc.command}-${choice}-${Math.random().toString(36).slice(2, 7)}`;
      const input = moneyInput(id, money, money.max);
      const form = h(
        "form",
        { class: "command-form", "aria-label": `${name} for less` },
        h("div", { class: "field" }, h("label", { for: id }, `${name} for less`, h("span", { class: "muted" }, ` ${dollars(money.min)}–${dollars(money.max)}`)), input),
        h("button", { type: "submit", class: "action", "data-action": `${lc.command}:${choice}:less` }, `${name} for less`),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        send({ ...fixed, [only.name]: value, [money.name]: Math.round(Number(input.value) * 100) });
      });
      wrap.append(form);
    }
    return wrap;
  }
  if (fields.length === 1 && fields[0].kind === "choice" && fields[0].required && fields[0].choices.length <= 12) {
    const f = fields[0];
    f.choices.forEach((choice, i) => {
      // An offer whose title is "" is said by its choice alone (a decision: "Hit").
      const label = lc.title === "" ? named(f, i) : `${title}${flags(fixed)}: ${named(f, i)}`;
      wrap.append(h("button", { class: "action", "data-action": `${lc.command}:${choice}`, onclick: () => send({ ...fixed, [f.name]: f.values[i] }) }, label));
    });
    return wrap;
  }
  const form = h("form", { class: "command-form", "aria-label": title });
  const readers = [];
  const unready = [];
  for (const f of fields) {
    const id = `f-${lc.command}-${f.name}-${Math.random().toString(36).slice(2, 7)}`;
    const label = h("label", { for: id, id: `${id}-label` }, fieldName(f.name, ctx));
    let input;
    if (f.kind === "choice") {
      const blank = f.required ? [] : [h("option", { value: "" }, "—")];
      input = h("select", { id, name: f.name }, ...blank, f.choices.map((c, i) => h("option", { value: c }, named(f, i))));
      readers.push(() => (input.value === "" ? null : [f.name, f.values[f.choices.indexOf(input.value)]]));
    } else if (f.kind === "money") {
      const start = Math.min(Math.max(ctx.chip || f.min || 0, f.min || 0), f.max ?? Infinity);
      input = moneyInput(id, f, start);
      label.append(h("span", { class: "muted" }, moneyRange(f, (ctx.held || {})[f.name] || 0)));
      readers.push(() => [f.name, Math.round(Number(input.value) * 100)]);
    } else if (f.kind === "integer") {
      input = h("input", { id, name: f.name, type: "number", step: "1", min: f.min, max: f.max, value: f.required ? f.min : null, required: f.required, inputmode: "numeric" });
      label.append(h("span", { class: "muted" }, ` ${f.min}–${f.max}`));
      readers.push(() => (input.value === "" ? null : [f.name, Number(input.value)]));
    } else if (f.kind === "list") {
      const placeholder = f.count === null ? `any of ${f.of.join(", ")}, comma-separated` : `${f.count} numbers, comma-separated`;
      input = h("input", { id, name: f.name, type: "text", placeholder, required: f.required && f.count !== null });
      readers.push(() => {
        const items = input.value.split(",").map((x) => x.trim()).filter(Boolean);
        if (!items.length && !f.required) return null;
        // Whole numbers typed are sent as numbers; anything else as typed (the round
        // refuses it, showing it as entered).
        return [f.name, items.map((x) => (/^\d+$/.test(x) ? Number(x) : x))];
      });
    } else if (f.kind === "layout") {
      const drawn = ctx.fields[f.name](fixed);
      input = drawn.node;
      // The layout's own caption ("Your tiles"), not the field's name ("Together").
      if (drawn.caption) label.textContent = drawn.caption;
      readers.push(() => [f.name, drawn.value()]);
      if (drawn.missing) unready.push(drawn);
    } else {
      input = h("input", { id, name: f.name, type: "text", required: f.required, maxlength: f.max || 500 });
      readers.push(() => (input.value === "" && !f.required ? null : [f.name, input.value]));
    }
    form.append(h("div", { class: "field" }, label, input));
  }
  form.append(h("button", { type: "submit", class: "action", "data-action": lc.command }, title));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // A layout's field not yet chosen (two tiles): it says so, and nothing is sent.
    const notYet = unready.find((drawn) => drawn.missing());
    if (notYet) return notYet.tell(notYet.missing());
    const command = { ...fixed };
    for (const read of readers) {
      const got = read();
      if (got) command[got[0]] = got[1];
    }
    send(command);
  });
  wrap.append(form);
  return wrap;
}

// A money field's amounts: where the seat holds a wager on the field's area (`held`,
// cents), what may be added to it, said as an addition ("add $0.01–$480.00"; a fresh
// player's report: on a $10-minimum table's Antes it read as the wager's own limits).
function moneyRange(f, held) {
  const range = `${dollars(f.min)}–${f.max !== null ? dollars(f.max) : "…"}`;
  return held > 0 ? ` add ${range}` : ` ${range}`;
}
