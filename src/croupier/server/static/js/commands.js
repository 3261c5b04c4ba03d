// Controls for any command that legal_commands lists, built from the game's command
// JSON Schema (GET /games/{game}/commands): the caller's seat is filled in, a spot or
// option becomes a choice, an amount is bounded by min_amount/max_amount, an option
// "field:low-high" bounds a number (the Double Back Jack cut's position, 673a.5(d)) and
// "field:value" fixes or offers a field's values, and a command whose only choice is
// among a few options becomes one button per option.

import { h } from "./dom.js";
import { dollars } from "./format.js";

const MONEY = new Set(["amount", "chips", "ante_across", "ante_down"]);

export function humanize(name) {
  return String(name)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ ([A-Z])/g, (_, c) => ` ${c.toLowerCase()}`);
}

function definition(schema, name) {
  const defs = schema.$defs || {};
  if (defs[name] && defs[name].properties && defs[name].properties.type) return defs[name];
  for (const d of Object.values(defs)) {
    if (d.properties && d.properties.type && d.properties.type.const === name) return d;
  }
  return null;
}

function deref(schema, prop) {
  if (prop && prop.$ref) return schema.$defs[prop.$ref.split("/").pop()] || {};
  return prop || {};
}

// The field's shape: {enum, types (set of "integer"/"string"/"boolean"/"array"/"null"), items}.
function shape(schema, prop) {
  const p = deref(schema, prop);
  const out = { enum: p.enum || null, types: new Set(), items: p.items || null, prefixItems: p.prefixItems || null };
  const variants = p.anyOf || [p];
  for (const variant of variants) {
    const v = deref(schema, variant);
    if (v.enum && !out.enum) out.enum = v.enum;
    if (v.const !== undefined) out.types.add("const");
    if (v.type) out.types.add(v.type);
    if (v.items && !out.items) out.items = v.items;
  }
  return out;
}

const numeric = (xs) => xs.length > 0 && xs.every((x) => /^\d+$/.test(x));

// Plan the fields of one legal command: fixed values and the choices left to the user.
export function plan(schema, lc, actor, drawn = {}) {
  const def = definition(schema, lc.command);
  if (!def) return null;
  const required = new Set(def.required || []);
  const fixed = { type: lc.command };
  const fields = [];
  let options = [...(lc.options || [])];
  let spots = [...(lc.spots || [])];
  const props = Object.entries(def.properties).filter(([name]) => name !== "type");
  const take = (values) => {
    const used = options.filter((o) => values.includes(o));
    options = options.filter((o) => !values.includes(o));
    return used;
  };
  // Enumerations first: they consume the options (decisions, irregularities) or spots.
  for (const [name, prop] of props) {
    const s = shape(schema, prop);
    if (!s.enum) continue;
    let choices = take(s.enum);
    if (!choices.length) {
      choices = spots.filter((x) => s.enum.includes(x));
      spots = spots.filter((x) => !choices.includes(x));
    }
    if (!choices.length && !required.has(name)) continue;
    fields.push({ name, kind: "choice", choices: choices.length ? choices : s.enum, values: null });
  }
  const skip = new Set();
  for (const [name, prop] of props) {
    const s = shape(schema, prop);
    if (s.enum || skip.has(name)) continue;
    if (name === "seat") {
      if (numeric(options)) {
        const choices = options;
        options = [];
        if (choices.length === 1) fixed.seat = Number(choices[0]);
        else fields.push({ name, kind: "choice", choices, values: choices.map(Number) });
      } else if (typeof actor === "number") {
        fixed.seat = actor;
      } else {
        fields.push({ name, kind: "integer", required: true });
      }
      continue;
    }
    if (name === "spot") {
      if (spots.length === 1) fixed.spot = spots[0];
      else if (spots.length) fields.push({ name, kind: "choice", choices: spots, values: null });
      else if (required.has(name)) fields.push({ name, kind: "text", required: true });
      spots = [];
      continue;
    }
    if (MONEY.has(name) || (s.types.size === 0 && lc.min_amount !== null && lc.min_amount !== undefined)) {
      if (lc.min_amount === null && lc.max_amount === null && !required.has(name)) continue;
      fields.push({ name, kind: "money", min: lc.min_amount, max: lc.max_amount, required: true });
      continue;
    }
    if (s.types.has("boolean")) {
      const named = options.filter((o) => o === name || o === `not_${name}`);
      if (named.length) {
        take(named);
        fields.push({ name, kind: "choice", choices: named, values: named.map((o) => o === name) });
      } else if (required.has(name)) {
        fields.push({ name, kind: "choice", choices: ["yes", "no"], values: [true, false] });
      } else {
        fields.push({ name, kind: "boolean" });
      }
      continue;
    }
    // A field the game's layout draws itself (Pai Gow's tiles set together).
    if (drawn[name]) {
      fields.push({ name, kind: "layout", required: true });
      continue;
    }
    // A number within its bounds (AcceptCut, the dealer's CutCards); the option that
    // writes the same range as text ("position:10-42") is for reading only.
    const bound = (lc.bounds || []).find((b) => b.field === name);
    if (bound && s.types.has("integer")) {
      options = options.filter((o) => o !== `${name}:${bound.low}-${bound.high}`);
      const [low, high] = [bound.low, bound.high];
      if (low === high) fixed[name] = low;
      else fields.push({ name, kind: "integer", min: low, max: high, required: true });
      continue;
    }
    // "cutter:4", "cutter:dealer": the values this field may take.
    const named = options.filter((o) => o.startsWith(`${name}:`));
    if (named.length) {
      options = options.filter((o) => !named.includes(o));
      const choices = named.map((o) => o.slice(name.length + 1));
      const values = choices.map((x) => (/^\d+$/.test(x) ? Number(x) : x));
      if (values.length === 1) fixed[name] = values[0];
      else fields.push({ name, kind: "choice", choices, values });
      continue;
    }
    if (options.length && options.every((o) => o.includes(":"))) {
      // "hand:card" pairs (Go Fore It's exposed card, 676a.13(d)): this field and the next.
      const rest = props.map(([n]) => n);
      const second = rest[rest.indexOf(name) + 1];
      const choices = options;
      options = [];
      const num = (x) => (/^\d+$/.test(x) ? Number(x) : x);
      fields.push({ name, kind: "choice", choices, values: choices.map((c) => c.split(":").map(num)), pair: second });
      if (second) skip.add(second);
      continue;
    }
    if (options.length && (s.types.has("integer") || s.types.has("string"))) {
      const choices = options;
      options = [];
      const ints = s.types.has("integer") && numeric(choices);
      fields.push({ name, kind: "choice", choices, values: ints ? choices.map(Number) : null });
      continue;
    }
    if (s.types.has("array")) {
      // Items of no stated type (dice faces the game checks itself): whole numbers typed
      // are sent as numbers.
      const list = { name, kind: "list", integer: s.items && s.items.type === "integer", untyped: !!s.items && !Object.keys(s.items).length };
      fields.push(required.has(name) ? { ...list, required: true } : list);
      continue;
    }
    if (s.types.has("integer")) {
      fields.push({ name, kind: "integer", required: required.has(name) });
      continue;
    }
    if (s.types.has("string") || s.types.size === 0) {
      fields.push({ name, kind: "text", required: required.has(name) });
    }
  }
  return { fixed, fields };
}

// The fields a choice sets: one, or two for a "hand:card" pair.
function assign(field, value) {
  if (field.pair) return { [field.name]: value[0], [field.pair]: value[1] };
  return { [field.name]: value };
}

// A choice as the player reads it: a spot by the layout's name for it (ctx.label).
function named(field, choice, ctx) {
  const said = field.name === "spot" && ctx.label ? ctx.label(choice) : choice;
  return said !== choice ? said : humanize(choice);
}

// The control of one legal command; ``send(command)`` posts it.
export function control(schema, lc, ctx, send) {
  const p = plan(schema, lc, ctx.actor, ctx.fields || {});
  const title = humanize(lc.command);
  const cite = lc.cite ? ` (${lc.cite})` : "";
  if (!p) return h("p", { class: "muted" }, `${title}: no schema`);
  const { fixed, fields } = p;
  const wrap = h("div", { class: "command", "data-command": lc.command, title: `${title}${cite}` });
  if (fields.length === 0) {
    wrap.append(h("button", { class: "action", "data-action": lc.command, onclick: () => send({ ...fixed }) }, title));
    return wrap;
  }
  // One option and an amount (Double Back Jack's double, up to the Blackjack Wager,
  // 673a.10(a)): a button for the most, its amount written on it, and an amount to type
  // only where less is allowed.
  const only = fields.find((f) => f.kind === "choice" && f.choices.length === 1);
  const money = fields.find((f) => f.kind === "money");
  if (fields.length === 2 && only && money && money.max !== null && money.max !== undefined) {
    const choice = only.choices[0];
    const value = only.values ? only.values[0] : choice;
    const name = humanize(choice);
    const full = { ...fixed, ...assign(only, value), [money.name]: money.max };
    wrap.append(h("button", { class: "action", "data-action": `${lc.command}:${choice}`, "data-amount": money.max, onclick: () => send(full) }, `${name} ${dollars(money.max)}`));
    if (money.min !== null && money.min < money.max) {
      const id = `f-${lc.command}-${choice}-${Math.random().toString(36).slice(2, 7)}`;
      const input = h("input", { id, name: money.name, type: "number", step: "0.01", min: money.min / 100, max: money.max / 100, value: (money.max / 100).toFixed(2), required: true, inputmode: "decimal" });
      const form = h(
        "form",
        { class: "command-form", "aria-label": `${name} for less` },
        h("div", { class: "field" }, h("label", { for: id }, `${name} for less`, h("span", { class: "muted" }, ` ${dollars(money.min)}–${dollars(money.max)}`)), input),
        h("button", { type: "submit", class: "action", "data-action": `${lc.command}:${choice}:less` }, `${name} for less`),
      );
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        send({ ...fixed, ...assign(only, value), [money.name]: Math.round(Number(input.value) * 100) });
      });
      wrap.append(form);
    }
    return wrap;
  }
  if (fields.length === 1 && fields[0].kind === "choice" && fields[0].choices.length <= 12) {
    const f = fields[0];
    f.choices.forEach((choice, i) => {
      const value = f.values ? f.values[i] : choice;
      // The spot it is for, where one is fixed (a wager called off): by the layout's name.
      const on = fixed.spot !== undefined && ctx.label ? ` (${named({ name: "spot" }, fixed.spot, ctx)})` : "";
      const label = lc.command === "Decide" ? humanize(choice) : `${title}${on}: ${named(f, choice, ctx)}`;
      wrap.append(h("button", { class: "action", "data-action": `${lc.command}:${choice}`, onclick: () => send({ ...fixed, ...assign(f, value) }) }, label));
    });
    return wrap;
  }
  const form = h("form", { class: "command-form", "aria-label": title });
  const readers = [];
  for (const f of fields) {
    const id = `f-${lc.command}-${f.name}-${Math.random().toString(36).slice(2, 7)}`;
    const label = h("label", { for: id }, humanize(f.name));
    let input;
    if (f.kind === "choice") {
      input = h("select", { id, name: f.name }, f.choices.map((c) => h("option", { value: c }, named(f, c, ctx))));
      readers.push(() => assign(f, f.values ? f.values[f.choices.indexOf(input.value)] : input.value));
    } else if (f.kind === "money") {
      const start = Math.min(Math.max(ctx.chip || f.min || 0, f.min || 0), f.max ?? Infinity);
      input = h("input", { id, name: f.name, type: "number", step: "0.01", min: f.min !== null ? f.min / 100 : null, max: f.max !== null && f.max !== undefined ? f.max / 100 : null, value: (start / 100).toFixed(2), required: true, inputmode: "decimal" });
      const hint = h("span", { class: "muted" }, f.min !== null || f.max !== null ? ` ${dollars(f.min)}–${f.max !== null && f.max !== undefined ? dollars(f.max) : "…"}` : "");
      label.append(hint);
      readers.push(() => [f.name, Math.round(Number(input.value) * 100)]);
    } else if (f.kind === "boolean") {
      input = h("input", { id, name: f.name, type: "checkbox" });
      readers.push(() => [f.name, input.checked]);
    } else if (f.kind === "integer") {
      input = h("input", { id, name: f.name, type: "number", step: "1", min: f.min, max: f.max, value: f.min, required: f.required, inputmode: "numeric" });
      if (f.min !== undefined) label.append(h("span", { class: "muted" }, ` ${f.min}–${f.max}`));
      readers.push(() => (input.value === "" ? null : [f.name, Number(input.value)]));
    } else if (f.kind === "list") {
      input = h("input", { id, name: f.name, type: "text", placeholder: "comma-separated", required: f.required });
      readers.push(() => {
        const items = input.value.split(",").map((x) => x.trim()).filter(Boolean);
        if (!items.length && !f.required) return null;
        const whole = (x) => (/^\d+$/.test(x) ? Number(x) : x);
        return [f.name, f.integer ? items.map(Number) : f.untyped ? items.map(whole) : items];
      });
    } else if (f.kind === "layout") {
      const drawn = ctx.fields[f.name](fixed);
      input = drawn.node;
      // The layout's own caption ("Your tiles"), not the field's name ("Together").
      if (drawn.caption) label.textContent = drawn.caption;
      readers.push(() => [f.name, drawn.value()]);
    } else {
      input = h("input", { id, name: f.name, type: "text", required: f.required, maxlength: 500 });
      readers.push(() => (input.value === "" && !f.required ? null : [f.name, input.value]));
    }
    form.append(h("div", { class: "field" }, label, input));
  }
  form.append(h("button", { type: "submit", class: "action", "data-action": lc.command }, title));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const command = { ...fixed };
    for (const read of readers) {
      const got = read();
      if (Array.isArray(got)) command[got[0]] = got[1];
      else if (got) Object.assign(command, got);
    }
    send(command);
  });
  wrap.append(form);
  return wrap;
}

