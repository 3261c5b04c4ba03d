// Amounts and odds as the tables write them: a leaf module (it imports nothing), shared
// by the generic modules and the games' layout modules.

// Cents as dollars: 123456 is "$1,234.56"; none is "—".
export function dollars(cents) {
  if (cents === null || cents === undefined) return "—";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${whole}.${String(abs % 100).padStart(2, "0")}`;
}

// "3/5" is 3 to 5; "4" is 4 to 1.
export function odds(value) {
  if (value === null || value === undefined) return "";
  const [a, b] = String(value).split("/");
  return `${a} to ${b || 1}`;
}
