// What this browser was shown of each round, kept as it was answered (docs/architecture.md,
// the verify procedure, step 3): the events of every answer to its own commands, with their
// place in the table's chain and their hashes. The verify page checks these, not only steps
// fetched from the server at check time, which a server could forge to agree with a forged
// reveal.

const KEY = (roundId) => `croupier.seen.${roundId}`;
const ROUNDS = "croupier.seen-rounds";
const KEEP = 200; // rounds kept; the oldest go first

function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null") ?? fallback;
  } catch {
    return fallback;
  }
}

// Keep the events of a command's answer ({ round_id, events: [{ seq, index, hash, event, ... }] }).
export function keepSeen(answer) {
  if (!answer || !answer.round_id || !Array.isArray(answer.events) || !answer.events.length) return;
  try {
    const kept = read(KEY(answer.round_id), []);
    const have = new Set(kept.map((e) => e.index));
    for (const e of answer.events) if (!have.has(e.index)) kept.push(e);
    localStorage.setItem(KEY(answer.round_id), JSON.stringify(kept));
    const rounds = read(ROUNDS, []).filter((id) => id !== answer.round_id);
    rounds.push(answer.round_id);
    for (const old of rounds.splice(0, Math.max(0, rounds.length - KEEP))) localStorage.removeItem(KEY(old));
    localStorage.setItem(ROUNDS, JSON.stringify(rounds));
  } catch {
    /* storage full or refused: the verify page says nothing was kept */
  }
}

// The events this browser kept of round `roundId` ([] where none).
export function seenIn(roundId) {
  const kept = read(KEY(roundId), []);
  return Array.isArray(kept) ? kept : [];
}
