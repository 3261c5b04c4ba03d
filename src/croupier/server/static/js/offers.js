// Reading a typed offer (one of the view's legal_commands, croupier.offers): each field
// is {kind: "choice", options: [{value, label}]}, {kind: "integers", low, high},
// {kind: "amount", low, high, step, reason, cite, cite_basis, cite_shown}, {kind: "fixed", value}, {kind: "text",
// max_length} or {kind: "numbers", count, low, high}; `optional` where it may be left
// out. Nothing here knows a game.

// The values and labels the field `name` is offered ([] where it has none).
export function optionsOf(lc, name) {
  const f = (lc.fields || {})[name];
  if (!f) return [];
  if (f.kind === "choice") return f.options;
  if (f.kind === "fixed") return [{ value: f.value, label: String(f.value) }];
  return [];
}

// The spots a wager offer takes.
export function spotsOf(lc) {
  return optionsOf(lc, "spot").map((o) => o.value);
}

// The offer's first field in cents: {name, low, high, step, reason}, or null.
export function amountOf(lc) {
  const entry = Object.entries(lc.fields || {}).find(([, f]) => f.kind === "amount");
  if (!entry) return null;
  const [name, f] = entry;
  // The step's rule as the server's refusals show it: "623a.4 (inferred)".
  const cite = f.cite_shown || ""; // "623a.4 (inferred)": the server's words, never a code
  return { name, low: f.low, high: f.high ?? null, step: f.step || 1, reason: f.reason || "", cite };
}

// The fields fixed by the offer (the caller's seat, a spot offered alone).
export function fixedOf(lc) {
  const out = {};
  for (const [name, f] of Object.entries(lc.fields || {})) if (f.kind === "fixed") out[name] = f.value;
  return out;
}

// The wager offers of a view as the felt reads them: the spots, the least and most
// amounts, their step and why, and the fields fixed (the seat). An offer of equal wagers
// placed together (its amount fields all named in its `equal`, each an area: Criss-Cross
// Poker's two Antes, 674a.7(d)) is one too, its areas `paired`: a chip on any of them
// places that amount on each.
export function wagersOf(legal) {
  return (legal || []).filter((lc) => lc.command === "PlaceWager" || pairedOf(lc)).map((lc) => {
    const amount = amountOf(lc) || { low: null, high: null, step: 1, reason: "", cite: "" };
    const paired = pairedOf(lc);
    return { command: lc.command, cite: lc.cite_shown || "", spots: paired || spotsOf(lc), paired, min_amount: amount.low, max_amount: amount.high, step: amount.step, reason: amount.reason, stepCite: amount.cite, fixed: fixedOf(lc) };
  });
}

// The amount fields of an offer that takes them all equal (two or more), else null.
function pairedOf(lc) {
  const amounts = Object.entries(lc.fields || {}).filter(([, f]) => f.kind === "amount").map(([name]) => name);
  const equal = lc.equal || [];
  return amounts.length > 1 && amounts.every((name) => equal.includes(name)) ? amounts : null;
}

// The command that places `amount` on `spot` under the wager offer `lc` (wagersOf): a
// PlaceWager, or the paired offer's command with the amount on each of its areas.
export function wagerCommand(lc, seat, spot, amount) {
  if (!lc.paired) return { type: "PlaceWager", seat, ...lc.fixed, spot, amount };
  return { type: lc.command, ...lc.fixed, ...Object.fromEntries(lc.paired.map((name) => [name, amount])) };
}
