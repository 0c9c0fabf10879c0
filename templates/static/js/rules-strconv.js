// @ts-check
// Go's strconv for the rules twins (no file of engine/ is its twin):
// quote is fmt's %q of ASCII text, atoi is strconv.Atoi, and the byte
// classes isDigit, isLower and isLetter are those of engine/san.go, which
// move.go and fen.go use too.

const GO_ESC = { '\x07': 'a', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '\v': 'v', '\\': '\\' };

/**
 * quote is Go's %q of ASCII text: of a string (strconv.Quote), or with
 * q "'" of a byte, as a character literal.
 * @param {string} s
 * @param {string} [q]
 * @returns {string}
 */
const quote = (s, q = '"') => q + s.replace(/[\x00-\x1f\x7f\\"']/g, (c) => {
  if (c === '"' || c === "'") return c === q ? '\\' + c : c;
  return '\\' + (GO_ESC[c] || 'x' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}) + q;

/** @type {(s: string) => string} */
export const goQuote = (s) => quote(s);
/** @type {(c: string) => string} */
export const goQuoteChar = (c) => quote(c, "'");

/**
 * atoi is Go's strconv.Atoi: an optional sign and decimal digits that
 * fit, or null.
 * @param {string} s
 * @returns {number | null}
 */
export function atoi(s) {
  if (!/^[+-]?[0-9]+$/.test(s) || s.replace(/^[+-]?0*/, '').length > 18) return null;
  return parseInt(s, 10);
}

/** @type {(c: string) => boolean} */
export const isDigit = (c) => c >= '0' && c <= '9';
/** @type {(c: string) => boolean} */
export const isLower = (c) => c >= 'a' && c <= 'z';
/** @type {(c: string) => boolean} */
export const isLetter = (c) => isLower(c) || (c >= 'A' && c <= 'Z');
