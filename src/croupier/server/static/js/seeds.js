// The player's own seed (docs/architecture.md, "Sealed before the first wager"): this
// browser draws a seed of its own from its secure generator, commits to it (its SHA-256)
// when it sits or with its last first wager, and gives it with its first wager of the next
// round, so that the server could not know it when it drew its own seed. What it gave in a
// round, and the seal announced before it, are kept for the verify link.

const KEY = (tableId) => `croupier.seed.${tableId}`;
const GIVEN = (roundId) => `croupier.seed-given.${roundId}`;

function hex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A new seed (64 hex digits) and its commitment, or null where the page has no SHA-256.
export async function freshSeed() {
  if (!(globalThis.crypto && crypto.subtle && crypto.getRandomValues)) return null;
  const seed = hex(crypto.getRandomValues(new Uint8Array(32)));
  const commitment = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)));
  return { seed, commitment };
}

// The seed this browser committed to at the table (null: none).
export function committed(tableId) {
  try {
    return JSON.parse(localStorage.getItem(KEY(tableId)) || "null");
  } catch {
    return null;
  }
}

export function remember(tableId, fresh) {
  if (fresh) localStorage.setItem(KEY(tableId), JSON.stringify(fresh));
  else localStorage.removeItem(KEY(tableId));
}

// What this browser gave in round `roundId`: { seat, seed, seal } (seal: the commitment of
// the server's seed announced before the wager), or null.
export function given(roundId) {
  try {
    return JSON.parse(localStorage.getItem(GIVEN(roundId)) || "null");
  } catch {
    return null;
  }
}

export function recordGiven(roundId, record) {
  localStorage.setItem(GIVEN(roundId), JSON.stringify(record));
}
