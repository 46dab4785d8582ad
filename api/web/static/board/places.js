// Where the selected piece can go: while this is on, the cells the piece can cover are marked on
// the board, from every place it fits (each orientation the page allows, on empty cells that are not
// left open) and, on the calendars once their solutions are here, only the places that keep the
// board solvable (analysis.js, local.js). The words say how many places there are.

import { board, data, layers, ui } from "./page.js";
import { key } from "./geometry.js";
import { tn, t } from "./words.js";
import { moveCount, occupancy, placements, selectedPiece } from "./moves.js";
import { placementsOnBoard } from "./local.js";
import { solvablePlaces } from "./analysis.js";

const SVG = "http://www.w3.org/2000/svg";
const openCells = new Set(data.uncovered.map(key));

let showing = false; // the places are shown for whichever piece is selected
let shownFor = null; // what the words last said: the piece, the move and the judge

// The orientations a piece may take: every one, or in face-up mode those a rotation reaches.
function allowedOrientations(pieceIndex) {
  const orientations = data.pieces[pieceIndex].orientations;
  if (!data.faceup) return orientations.map(function (o, i) { return i; });
  const reached = [0];
  for (let next = orientations[0].rotate; reached.indexOf(next) < 0; next = orientations[next].rotate) {
    reached.push(next);
  }
  return reached;
}

// The piece's places on the board as it is: {places (cells each), solvable (whether they were
// judged by the solutions)}.
export function placesOf(pieceIndex) {
  const owner = occupancy(pieceIndex);
  const fitting = placementsOnBoard(data, pieceIndex, allowedOrientations(pieceIndex)).filter(function (cells) {
    return cells.every(function (c) {
      return !owner.has(key(c)) && !openCells.has(key(c));
    });
  });
  const others = placements();
  others.delete(pieceIndex);
  const kept = solvablePlaces(pieceIndex, others, fitting);
  return { places: kept || fitting, solvable: kept !== null };
}

export function togglePlaces() {
  showing = !showing;
  ui.where.setAttribute("aria-pressed", showing ? "true" : "false");
  shownFor = null;
  drawPlaces();
}

function empty() {
  while (layers.places.firstChild) layers.places.removeChild(layers.places.firstChild);
}

// The marked cells and the words, for the selected piece (none: the words say to pick one).
export function drawPlaces() {
  empty();
  const piece = selectedPiece();
  board.dataset.places = "";
  if (!showing) {
    ui.placesText.textContent = "";
    return;
  }
  if (piece == null) {
    say("none", t("placesPickFirst"));
    return;
  }
  const found = placesOf(piece);
  const covered = new Set();
  found.places.forEach(function (cells) {
    cells.forEach(function (c) { covered.add(key(c)); });
  });
  covered.forEach(function (cellKey) {
    const cell = board.querySelector('.cells [data-cell="' + cellKey + '"]');
    if (!cell) return;
    const mark = document.createElementNS(SVG, "polygon");
    mark.setAttribute("class", "place-cell");
    mark.setAttribute("points", cell.getAttribute("points"));
    mark.setAttribute("data-cell", cellKey);
    layers.places.appendChild(mark);
  });
  board.dataset.places = String(found.places.length);
  const name = data.pieces[piece].name;
  say([piece, moveCount(), found.solvable].join(" "), tn(found.solvable ? "placesSolvable" : "placesFit", found.places.length, { piece: name }));
}

// The words, written (and so spoken: a polite live region) only when they say something new.
function say(about, text) {
  if (shownFor === about) return;
  shownFor = about;
  ui.placesText.textContent = text;
}
