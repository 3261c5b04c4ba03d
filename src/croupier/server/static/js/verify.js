// A player's check, in the browser, that a round he played was dealt from what was
// committed before it was dealt (docs/architecture.md, "Provably fair rounds"): the same
// arithmetic as `croupier verify-round` (croupier.verify_round), on the events as this
// page receives them and the round's reveal. Only the replay under the game's rules is
// left to the command line.

// The canonical JSON of croupier.sealing.canonical_json: sorted keys, no spaces, every
// character outside printable ASCII written as a \u escape of four hex digits (Python's
// json.dumps defaults).
export function canonical(value) {
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  // Python sorts keys by code point; JavaScript's sort() by UTF-16 unit, which differs for
  // characters beyond U+FFFF beside those from U+E000 up.
  const keys = Object.keys(value).sort((a, b) => {
    const x = Array.from(a, (c) => c.codePointAt(0)), y = Array.from(b, (c) => c.codePointAt(0));
    for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  });
  return `{${keys.map((k) => `${canonical(k)}:${canonical(value[k])}`).join(",")}}`;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

function bytes(hexText) {
  const out = new Uint8Array(hexText.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hexText.slice(2 * i, 2 * i + 2), 16);
  return out;
}

async function sha256(data) {
  return hex(await crypto.subtle.digest("SHA-256", data));
}

const text = (s) => new TextEncoder().encode(s);

function joined(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

export async function commit(salt, value) {
  return sha256(joined(bytes(salt), text(canonical(value))));
}

async function fieldCommitment(value, salt) {
  if (Array.isArray(value)) {
    if (!Array.isArray(salt) || salt.length !== value.length) throw new Error("one salt per element is needed");
    const elements = await Promise.all(value.map((v, i) => commit(salt[i], v)));
    return sha256(joined(...elements.map(bytes)));
  }
  if (Array.isArray(salt)) throw new Error("one salt is needed");
  return commit(salt, value);
}

async function chainHash(stored) {
  return sha256(text(stored.prev_hash + canonical({ ...stored.event, ...(stored.sealed || {}) })));
}

function agrees(seen, whole) {
  if (seen === null || (Array.isArray(seen) && seen.length === 0)) return true;
  if (Array.isArray(seen)) return Array.isArray(whole) && seen.length === whole.length && seen.every((s, i) => agrees(s, whole[i]));
  if (typeof seen === "object") {
    if (!whole || typeof whole !== "object") return false;
    const a = Object.keys(seen).sort(), b = Object.keys(whole).sort();
    return canonical(a) === canonical(b) && a.every((k) => agrees(seen[k], whole[k]));
  }
  return seen === whole;
}

const SALT_HEX = 32; // 128 bits, croupier.sealing.SALT_BYTES
const ENDS = new Set(["RoundCompleted", "RoundVoided"]);

// { ok, problems: [sentence], notes: [sentence] } for a reveal (GET /rounds/ID/reveal),
// the events this player received (GET /rounds/ID/steps, steps[].event) and the round
// asked for (roundId: the reveal must be of it).
// A sealed round (docs/architecture.md, "Sealed before the first wager"): its seed sealed
// at the opening, before the first wager; the seal this browser saw announced before its
// wager (`mine.seal`) and the seed it gave (`mine.seed`, its seat `mine.seat`) are the
// round's. Drawing every value again from the seed is croupier verify-round's.
function checkSealed(events, mine, problems, notes) {
  const opened = events[0];
  const seed = opened.event.seed;
  if (seed === undefined || seed === null) {
    if (mine && mine.seal) problems.push("A seal was announced before your wager, but the round was dealt without a sealed seed.");
    else notes.push("This round was dealt before sealed draws: nothing shows its cards, tiles or dice were fixed before the wagers.");
    return;
  }
  if (!(opened.sealed || {}).seed) { problems.push("The round's server seed was not sealed when it opened."); return; }
  const first = events.find((e) => e.event.type === "WagerPlaced");
  notes.push(`Every card, tile and die was drawn from the server seed sealed when the round opened (event 1)${first ? `, before the first wager (event ${first.index + 1})` : ""}; croupier verify-round draws each of them again from it.`);
  if (mine && mine.seal && mine.seal !== opened.sealed.seed) problems.push("The round's seed is not the one announced before your wager.");
  else if (mine && mine.seal) notes.push("The round's seed is the one announced before your wager.");
  // A seat's seed stands right after the events of the command that placed its first wager.
  for (const given of events.filter((e) => e.event.type === "ClientSeedGiven")) {
    const first = events.find((e) => e.event.type === "WagerPlaced" && e.event.seat === given.event.seat);
    const between = first ? events.slice(first.index + 1, given.index) : null;
    if (!first || first.index > given.index || between.some((e) => e.event.type !== "WagerPlaced")) {
      problems.push(`Seat ${given.event.seat}'s seed does not follow its first wager of the round.`);
    }
  }
  if (mine && mine.seed) {
    const yours = events.find((e) => e.event.type === "ClientSeedGiven" && e.event.seat === mine.seat);
    if (!yours || yours.event.seed !== mine.seed) problems.push("The seed this browser gave with your first wager is not in the round.");
    else notes.push("Your own seed entered every value drawn after your first wager.");
  } else if (mine && mine.seat !== null && mine.seat !== undefined) {
    notes.push("Your seed did not enter this round (the round opened without your commitment to it); it enters the next.");
  }
}

// What the comparison with the player's events checked, in words (verify_round.py's
// seen_note says the same): `compared` events that agree with the revealed round, `kept`
// as he was shown them (this browser's store), else fetched from the server now.
export function seenNote(compared, kept = true) {
  if (kept) {
    if (compared === 0) return "No event kept as you were shown it was compared with the revealed round.";
    if (compared === 1) return "1 event kept as you were shown it agrees with the revealed round.";
    return `${compared} events kept as you were shown them agree with the revealed round.`;
  }
  if (compared === 0) return "No event fetched from the server now was compared with the revealed round.";
  if (compared === 1) return "1 event fetched from the server now agrees with the revealed round.";
  return `${compared} events fetched from the server now agree with the revealed round.`;
}

// `received`: the events this browser kept as the player was shown them; `fetched`: the
// player's steps fetched from the server now (those not kept), compared too and said
// apart, as they tie nothing to what he was shown.
export async function checkRound(revealed, received, roundId, mine = null, fetched = []) {
  const problems = [], notes = [];
  if (!(globalThis.crypto && crypto.subtle)) {
    return { ok: false, problems: ["This browser does not offer SHA-256 on this page: check the round with croupier verify-round."], notes };
  }
  const events = [...(revealed.events || [])].sort((a, b) => a.index - b.index);
  if (!events.length) return { ok: false, problems: ["The reveal holds no events."], notes };
  const named = events[0].event.round_id;
  if (named !== revealed.round_id) problems.push(`The reveal says round ${revealed.round_id}, but its events are of round ${named}.`);
  if (roundId !== undefined && revealed.round_id !== roundId) problems.push(`Round ${roundId} was asked for, but the reveal is of round ${revealed.round_id}.`);
  const table = events[0].event.table_id;
  if (table !== revealed.table_id) problems.push(`The reveal says table ${revealed.table_id}, but its round was opened at table ${table}.`);
  // The round is over: completed (its last event), or voided (the wagers returned follow;
  // that they are all there is for the replay of croupier verify-round).
  const last = events[events.length - 1];
  const end = events.find((e) => ENDS.has(e.event.type));
  if (!end || (end.event.type === "RoundCompleted" && end !== last)) problems.push(`The revealed events stop at event ${last.index + 1}, before the round is over: the rest of the round is missing.`);
  else if (revealed.status !== (end.event.type === "RoundVoided" ? "voided" : "completed")) problems.push(`The reveal says the round was ${revealed.status}, but its events show it ${end.event.type === "RoundVoided" ? "voided" : "completed"}.`);
  const used = new Set(), standIns = [];
  let opened = 0;
  for (const [n, e] of events.entries()) {
    const where = `Event ${e.index + 1}`;
    if (e.type !== (e.event || {}).type) problems.push(`${where} is labelled ${JSON.stringify(e.type)}, not as the event it holds.`);
    if (e.index !== n) problems.push(`${where} is out of place: the round's event ${n + 1} was expected.`);
    for (const salt of Object.values(e.salts || {}).flat()) {
      if (typeof salt !== "string" || salt.length < SALT_HEX) problems.push(`${where}: a salt is shorter than 128 bits, so its commitment could be tried against every card.`);
      else if (used.has(salt)) problems.push(`${where}: a salt is used twice in the round.`);
      used.add(salt);
    }
    if (n && (e.prev_hash !== events[n - 1].hash || e.seq !== events[n - 1].seq + 1)) problems.push(`${where} does not follow the event before it in the chain.`);
    // Other players named by stand-ins for their account ids (seat privacy): its hash is
    // over the stored ids, so it is not worked out here; the next event follows it.
    if (e.ids_replaced === true) {
      standIns.push(n + 1);
      if (!/player at seat \d+|player [A-Z]+\b/.test(JSON.stringify(e.event))) problems.push(`${where} is marked as naming players, but names none.`);
    }
    else if ((await chainHash(e)) !== e.hash) problems.push(`${where} does not hash to its recorded hash.`);
    for (const [name, commitment] of Object.entries(e.sealed || {})) {
      try {
        if ((await fieldCommitment(e.event[name], (e.salts || {})[name])) !== commitment) problems.push(`${where}: a sealed value does not open to its commitment.`);
        else opened += 1;
      } catch (error) {
        problems.push(`${where}: ${error.message}.`);
      }
    }
  }
  notes.push(`${events.length} events chain one to the next.`);
  const many = standIns.length > 1;
  if (standIns.length) notes.push(`Event${many ? "s" : ""} ${standIns.join(", ")} name${many ? "" : "s"} the other players by stand-ins for their account ids, which only the operator's staff read: ${many ? "their own hashes" : "its own hash"} (over the ids) could not be worked out here; the values were compared and the chain runs on from ${many ? "them" : "it"}.`);
  checkSealed(events, mine, problems, notes);
  notes.push(opened === 1 ? "1 sealed value opens to the commitment published with it." : `${opened} sealed values open to the commitments published with them.`);
  if (revealed.carried_on) notes.push(`This round was dealt from what round ${revealed.previous_round_id} left (the cards left in the shoe): this page checks the round alone; croupier verify-round checks it with the rounds before it, back to the shuffle.`);
  const byIndex = new Map(events.map((e) => [e.index, e]));
  const compared = { kept: 0, fetched: 0 };
  let withheld = 0;
  for (const [seen, kept] of [...received.map((e) => [e, true]), ...fetched.map((e) => [e, false])]) {
    const counted = kept ? "kept" : "fetched";
    const whole = byIndex.get(seen.index);
    const where = `Event ${seen.index + 1} as ${kept ? "you received it" : "fetched now"}`;
    if (!whole) { problems.push(`${where} is not in the revealed round.`); continue; }
    if (seen.seq !== whole.seq) { problems.push(`${where} came as event ${seen.seq} of the table, revealed as event ${whole.seq}.`); continue; }
    // Stored before the events were sealed: sent without its hash, which would give a
    // hidden card away; its values are compared, not its hash.
    if (seen.hash === null) {
      if (!agrees(seen.event, whole.event)) problems.push(`${where} showed something other than what is revealed.`);
      else { compared[counted] += 1; withheld += 1; }
      continue;
    }
    if (seen.hash !== whole.hash || canonical(seen.sealed || {}) !== canonical(whole.sealed || {})) { problems.push(`${where} came with another hash.`); continue; }
    if (seen.ids_replaced !== true && (await chainHash(seen)) !== seen.hash) problems.push(`${where} does not hash to the hash it came with.`);
    if (!agrees(seen.event, whole.event)) problems.push(`${where} showed something other than what is revealed.`);
    compared[counted] += 1;
  }
  notes.push(seenNote(compared.kept, true));
  if (fetched.length) notes.push(seenNote(compared.fetched, false));
  if (withheld) notes.push(`${withheld} of them came without ${withheld === 1 ? "its hash" : "their hashes"} (stored before the events were sealed): their values were compared, not their hashes.`);
  return { ok: problems.length === 0, problems, notes };
}
