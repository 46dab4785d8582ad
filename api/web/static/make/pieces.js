// The pieces: the known sets of the grid's lattice, each piece a checkbox with its picture and
// its cell count (and a button for the whole set), then every chosen piece with a button that
// takes it off; above them how many cells the pieces and the board have.

import { box, gridFor } from "./grids.js";
import { t, tn } from "./words.js";

const SVG = "http://www.w3.org/2000/svg";
const setsBox = document.getElementById("sets");
const chosenList = document.getElementById("drawn-pieces");
const summary = document.getElementById("piece-summary");
const open = new Set(); // the sets whose list is unfolded

function picture(lattice, cells) {
  const grid = gridFor(lattice);
  const svg = document.createElementNS(SVG, "svg");
  const polygons = cells.map(function (cell) { return grid.polygon(cell); });
  const b = box(polygons);
  svg.setAttribute("viewBox", [b.left - 0.1, b.top - 0.1, b.width + 0.2, b.height + 0.2].join(" "));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  polygons.forEach(function (points) {
    const shape = document.createElementNS(SVG, "polygon");
    shape.setAttribute("points", points.map(function (p) { return p[0] + "," + p[1]; }).join(" "));
    svg.appendChild(shape);
  });
  return svg;
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text != null) made.textContent = text;
  return made;
}

function pieceFace(lattice, name, cells) {
  const face = document.createDocumentFragment();
  face.appendChild(picture(lattice, cells));
  face.appendChild(element("span", "name", name));
  face.appendChild(element("span", "cells", tn("cells", cells.length)));
  return face;
}

function setSection(set, state, changed) {
  const chosen = state.chosen.get(set.name) || new Set();
  const section = element("details", "set");
  section.open = open.has(set.name);
  section.addEventListener("toggle", function () {
    if (section.open) open.add(set.name);
    else open.delete(set.name);
  });
  section.appendChild(element("summary", null, set.name + " (" + chosen.size + "/" + set.pieces.length + ")"));
  const all = element("button", null, setsBox.dataset.allOf.replace("{set}", set.name));
  all.type = "button";
  all.id = "all-" + set.name;
  all.setAttribute("aria-pressed", String(chosen.size === set.pieces.length));
  all.addEventListener("click", function () {
    const every = chosen.size === set.pieces.length;
    state.chosen.set(set.name, new Set(every ? [] : set.pieces.map(function (p) { return p.name; })));
    changed();
  });
  section.appendChild(all);
  const list = element("ul", "piece-list");
  set.pieces.forEach(function (p) {
    const label = element("label", "piece-choice");
    const box = element("input");
    box.type = "checkbox";
    box.checked = chosen.has(p.name);
    box.dataset.set = set.name;
    box.dataset.piece = p.name;
    box.id = "pick-" + set.name + "-" + p.name;
    box.addEventListener("change", function () {
      const now = state.chosen.get(set.name) || new Set();
      if (box.checked) now.add(p.name);
      else now.delete(p.name);
      state.chosen.set(set.name, now);
      changed();
    });
    label.appendChild(box);
    label.appendChild(pieceFace(set.lattice, p.name, p.cells));
    const item = element("li");
    item.appendChild(label);
    list.appendChild(item);
  });
  section.appendChild(list);
  return section;
}

function chosenPieces(state, data) {
  const found = [];
  data.sets.forEach(function (set) {
    const chosen = state.chosen.get(set.name);
    if (!chosen || set.lattice !== state.lattice) return;
    set.pieces.forEach(function (p) {
      if (chosen.has(p.name)) found.push({ name: p.name, cells: p.cells, set: set.name });
    });
  });
  return found.concat(state.drawn);
}

function takeOff(state, p) {
  if (p.set) state.chosen.get(p.set).delete(p.name);
  else state.drawn.splice(state.drawn.indexOf(p), 1);
}

export function renderPieces(state, data, changed) {
  const focused = document.activeElement ? document.activeElement.id : "";
  setsBox.textContent = "";
  data.sets.forEach(function (set) {
    if (set.lattice === state.lattice) setsBox.appendChild(setSection(set, state, changed));
  });
  chosenList.textContent = "";
  const pieces = chosenPieces(state, data);
  let area = 0;
  pieces.forEach(function (p) {
    area += p.cells.length;
    const item = element("li", "piece-choice");
    item.appendChild(pieceFace(state.lattice, p.name, p.cells));
    const remove = element("button", null, "×");
    remove.type = "button";
    remove.setAttribute("aria-label", t("remove", { piece: p.name }));
    remove.addEventListener("click", function () {
      takeOff(state, p);
      changed();
    });
    item.appendChild(remove);
    chosenList.appendChild(item);
  });
  summary.textContent = t("summary", {
    pieces: pieces.length,
    cells: tn("cells", area),
    board: tn("cells", state.cells.size),
  });
  const again = focused && document.getElementById(focused);
  if (again && again !== document.activeElement) again.focus(); // the control re-made under the finger

}
