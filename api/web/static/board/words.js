// Every word the board writes, from <script type="application/json" id="strings"> (the words in
// the page's language, from the gettext catalogs: api/web/board_words.py), and what the board's
// analysis says in them.

import { pieceCount } from "./geometry.js";

export const strings = readStrings();

// The page's messages by key (api/web/board_words.py); none at all if they cannot be read.
function readStrings() {
  const element = document.getElementById("strings");
  try {
    return element ? JSON.parse(element.textContent) : {};
  } catch (e) {
    return {};
  }
}

// {name} fields filled from values, in one pass (a value's own braces stay as they are).
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, function (whole, name) {
    return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
  });
}

// The message `key` with its fields filled in; the key itself if the page has no such message.
export function t(key, values) {
  const template = strings[key];
  return fill(typeof template === "string" ? template : key, values);
}

// A counted message: [for one, for more], chosen by n ({n} is filled in too).
export function tn(key, n, values) {
  const forms = strings[key];
  const template = Array.isArray(forms) ? forms[n === 1 ? 0 : forms.length - 1] : key;
  const all = { n: n };
  Object.keys(values || {}).forEach(function (name) {
    all[name] = values[name];
  });
  return fill(template, all);
}

// "L", "L and N", "L, N and P" in the page's language.
export function names(list) {
  if (list.length <= 1) return list.join("");
  return t("listLast", { names: list.slice(0, -1).join(t("listSeparator")), last: list[list.length - 1] });
}

// One total: on boards with symmetries the solutions up to rotation and reflection (the page's
// goal says so once), elsewhere the same count.
export function countText(a) {
  return tn("countText", a.distinct_total);
}

// Face-up mode on a target every solution of which turns some piece over.
export function noFaceUp(a) {
  return a.legal && a.total === 0 && !!a.all_sides_total;
}

export function verdict(a) {
  if (!a.legal) return ["illegal", t("illegal", { problems: a.problems.join("; ") })];
  if (a.solved) return ["solved", t("solved", { number: a.solution_number, distinct: a.distinct_total })];
  if (noFaceUp(a)) return ["dead", tn("noFaceUp", a.all_sides_total)];
  if (a.total === 0) return ["dead", t("noSolution")];
  if (a.dead_end) return ["dead", t("deadEnd", { pieces: names(a.take_off) })];
  if (a.placed === 0) return ["ok", t("start")];
  return ["ok", tn("placed", pieceCount, { placed: a.placed })];
}
