// A grid drawn as SVG that a finger, the mouse or the keyboard paints: one for the board, one for
// a piece being drawn. The owner says what a stroke does (start(cell) once, visit(cell) for each
// cell the stroke reaches, end()) and what Enter does on the cursor's cell.

import { box, centre, gridFor, key } from "./grids.js";

const SVG = "http://www.w3.org/2000/svg";

export function makeGridView(svg, options) {
  const view = { svg: svg, lattice: "square", rows: 1, cols: 1, cells: new Map(), cursor: [0, 0] };

  function polygonAt(event) {
    const found = document.elementFromPoint(event.clientX, event.clientY);
    return found && found.closest && svg.contains(found) ? found.closest("polygon[data-cell]") : null;
  }

  function cellOf(polygon) {
    return polygon.dataset.cell.split(",").map(Number);
  }

  view.draw = function () {
    const grid = gridFor(view.lattice);
    const polygons = [];
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const labels = [];
    for (let r = 0; r < view.rows; r++) {
      for (let c = 0; c < view.cols; c++) {
        const points = grid.polygon([r, c]);
        polygons.push(points);
        const shape = document.createElementNS(SVG, "polygon");
        shape.setAttribute("points", points.map(function (p) { return p[0].toFixed(3) + "," + p[1].toFixed(3); }).join(" "));
        shape.dataset.cell = r + "," + c;
        const label = view.cells.get(key([r, c]));
        if (label != null) shape.classList.add("on");
        if (label) shape.classList.add("labelled");
        if (r === view.cursor[0] && c === view.cursor[1] && view.showCursor) shape.classList.add("cursor");
        svg.appendChild(shape);
        if (label) labels.push([centre(points), label]);
      }
    }
    labels.forEach(function (found) {
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("x", found[0][0].toFixed(3));
      text.setAttribute("y", found[0][1].toFixed(3));
      text.setAttribute("aria-hidden", "true");
      text.textContent = found[1];
      svg.appendChild(text);
    });
    const b = box(polygons);
    const m = 0.1;
    svg.setAttribute("viewBox", [b.left - m, b.top - m, b.width + 2 * m, b.height + 2 * m].map(function (v) { return v.toFixed(3); }).join(" "));
  };

  let stroking = false;
  let visited = new Set();

  function visit(polygon) {
    if (!polygon || visited.has(polygon.dataset.cell)) return;
    visited.add(polygon.dataset.cell);
    options.visit(cellOf(polygon));
  }

  svg.addEventListener("pointerdown", function (event) {
    const polygon = polygonAt(event);
    if (!polygon || (event.button != null && event.button > 0)) return;
    event.preventDefault();
    stroking = true;
    visited = new Set();
    if (svg.setPointerCapture && event.pointerId != null) svg.setPointerCapture(event.pointerId);
    options.start(cellOf(polygon));
    visit(polygon);
  });
  svg.addEventListener("pointermove", function (event) {
    if (stroking) visit(polygonAt(event));
  });
  function end() {
    if (!stroking) return;
    stroking = false;
    options.end();
  }
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);

  const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  svg.addEventListener("keydown", function (event) {
    const move = MOVES[event.key];
    if (move) {
      event.preventDefault();
      view.cursor = [
        Math.min(view.rows - 1, Math.max(0, view.cursor[0] + move[0])),
        Math.min(view.cols - 1, Math.max(0, view.cursor[1] + move[1])),
      ];
      view.draw();
      options.moved(view.cursor);
    } else if (event.key === "Home") {
      event.preventDefault();
      view.cursor = [0, 0];
      view.draw();
      options.moved(view.cursor);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      options.use(view.cursor);
    }
  });
  svg.addEventListener("focus", function () {
    view.showCursor = true;
    view.draw();
    options.moved(view.cursor);
  });
  svg.addEventListener("blur", function () {
    view.showCursor = false;
    view.draw();
  });
  return view;
}
