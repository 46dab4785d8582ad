// A long board on a narrow screen, and the room under the board on a phone.

import { board, frame, main, ui } from "./page.js";
import { SIDE } from "./geometry.js";
import { render } from "./draw.js";

// A board whose cells would be drawn smaller than MIN_CELL CSS pixels across the page is turned
// a quarter clockwise (when it is wider than tall), with cells of MIN_CELL to MAX_TURNED_CELL
// pixels: as large as fit the window's height below the board's top; the count and the hints sit
// beside it (main.turned in board.css). Pieces, the tray's pictures and the arrow keys turn with it.
const MIN_CELL = 28;
const MAX_TURNED_CELL = 40;
const drawnBox = board.getAttribute("viewBox").split(" ").map(Number); // x, y, width, height

let turned = false; // the board drawn turned a quarter clockwise

// Whether the board is drawn turned a quarter clockwise.
export function isTurned() {
  return turned;
}

function setTurned(turn) {
  turned = turn;
  main.classList.toggle("turned", turned);
  board.dataset.turned = turned ? "true" : "false";
  const x = drawnBox[0], y = drawnBox[1], width = drawnBox[2], height = drawnBox[3];
  if (turned) {
    frame.setAttribute("transform", "rotate(90)"); // (x, y) -> (-y, x)
    board.setAttribute("viewBox", [-(y + height), x, height, width].join(" "));
  } else {
    frame.removeAttribute("transform");
    board.setAttribute("viewBox", drawnBox.join(" "));
    board.style.width = "";
    board.style.height = "";
  }
  board.querySelectorAll(".labels text").forEach(function (label) {
    if (turned) label.setAttribute("transform", "rotate(-90 " + label.getAttribute("x") + " " + label.getAttribute("y") + ")");
    else label.removeAttribute("transform");
  });
}

// The size of a cell on the screen, in CSS pixels.
function cellPixels() {
  const matrix = frame.getScreenCTM();
  return matrix ? Math.hypot(matrix.a, matrix.b) * SIDE : 0;
}

function viewHeight() {
  return document.documentElement.clientHeight || window.innerHeight; // not changed by a browser's bars
}

export function layoutBoard() {
  if (turned) setTurned(false);
  board.style.maxHeight = "";
  const width = drawnBox[2], height = drawnBox[3];
  if (cellPixels() >= MIN_CELL || width <= height) {
    fitAbove();
    return;
  }
  setTurned(true);
  const top = board.getBoundingClientRect().top + window.scrollY;
  const room = viewHeight() - top - 16;
  const cell = Math.max(MIN_CELL, Math.min(MAX_TURNED_CELL, Math.floor((room * SIDE) / width)));
  board.style.width = (height / SIDE) * cell + "px";
  board.style.height = (width / SIDE) * cell + "px";
}

// On one column (phones), the board leaves room under it for the tray, the count, the words and
// the hint buttons within the window; beside them on a touch screen (a phone on its side), the
// board itself fits the window's height. Either as far as its cells stay MIN_CELL pixels or more
// across (a triangle's height counts). A mouse's window keeps its board's height free of the
// window's, so the board grows with the browser's zoom.
const touchScreen = window.matchMedia ? window.matchMedia("(pointer: coarse)") : null;

function fitAbove() {
  const boardBox = board.getBoundingClientRect(), hintsBox = ui.hints.getBoundingClientRect();
  const beside = hintsBox.top < boardBox.bottom;
  if (beside && !(touchScreen && touchScreen.matches)) return;
  const below = beside ? 8 : hintsBox.bottom - boardBox.bottom + 8;
  const room = viewHeight() - (boardBox.top + window.scrollY) - below;
  if (boardBox.height > room) board.style.maxHeight = Math.max(room, leastHeight(boardBox)) + "px";
}

// The board's height at which its cells are MIN_CELL pixels across (they scale with it).
function leastHeight(boardBox) {
  const cell = board.querySelector(".cells polygon").getBoundingClientRect();
  const across = Math.min(cell.width, cell.height);
  return across > 0 ? Math.ceil((boardBox.height * MIN_CELL) / across) + 1 : (drawnBox[3] / SIDE) * MIN_CELL;
}

let layoutPending = false;
let laidOutFor = null;

// Lay the board out again when the window changes size (not when only a browser's bars come and go).
export function followResize() {
  laidOutFor = [window.innerWidth, viewHeight()];
  window.addEventListener("resize", relayout);
}

function relayout() {
  if (layoutPending || (window.innerWidth === laidOutFor[0] && viewHeight() === laidOutFor[1])) return;
  laidOutFor = [window.innerWidth, viewHeight()];
  layoutPending = true;
  window.requestAnimationFrame(function () {
    layoutPending = false;
    const wasTurned = turned;
    layoutBoard();
    if (wasTurned !== turned) render();
  });
}
