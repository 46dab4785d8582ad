// What the server wrote into the page: the puzzle's data from
// <script type="application/json" id="board-data"> (api/web/board.py: cells with their polygons,
// each piece's orientations with the orientation a rotation step and a flip lead to, and the anchor
// cell a tap or a drop puts on the chosen board cell), and the page's elements the board draws
// into and speaks through.

export const data = JSON.parse(document.getElementById("board-data").textContent);

export const main = document.getElementById("main");
export const board = document.getElementById("board");
export const layers = {
  places: board.querySelector(".places"),
  pieces: board.querySelector(".pieces"),
  hint: board.querySelector(".hint-pieces"),
  trace: board.querySelector(".trace"),
  preview: board.querySelector(".preview"),
};
export const frame = board.querySelector(".frame"); // everything drawn; turned on narrow screens (layout.js)
export const cursorShape = board.querySelector(".cursor");
export const ui = {
  remaining: document.querySelector("[data-testid=remaining]"),
  countText: document.getElementById("count-text"),
  verdict: document.getElementById("verdict"),
  takeOffRow: document.getElementById("take-off-row"),
  takeOff: document.getElementById("take-off"),
  traceRow: document.getElementById("trace-row"),
  tracePlace: document.getElementById("trace-place"),
  message: document.getElementById("message"),
  rotate: document.getElementById("rotate"),
  flip: document.getElementById("flip"),
  undo: document.getElementById("undo"),
  redo: document.getElementById("redo"),
  where: document.getElementById("where"),
  placesText: document.getElementById("places-text"),
  clear: document.getElementById("clear"),
  hintButtons: Array.prototype.slice.call(document.querySelectorAll(".hint-button")),
  hints: document.querySelector(".hints"),
  hintText: document.getElementById("hint-text"),
  hintActions: document.getElementById("hint-actions"),
  accept: document.getElementById("accept"),
  dismiss: document.getElementById("dismiss"),
  share: document.getElementById("share-link"),
  telegramLink: document.getElementById("telegram-link"),
  saveNote: document.getElementById("save-note"),
  tray: Array.prototype.slice.call(document.querySelectorAll(".tray-piece")),
  solvedPanel: document.getElementById("solved-panel"),
  solvedSummary: document.getElementById("solved-summary"),
  shareText: document.getElementById("share-text"),
  shareButton: document.getElementById("share-button"),
  shareDone: document.getElementById("share-done"),
  tomorrow: document.getElementById("tomorrow"),
  challengeLink: document.getElementById("challenge-link"),
  record: document.getElementById("record"),
};
