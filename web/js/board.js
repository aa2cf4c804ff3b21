// A board drawn as SVG, round (Diplomat Chess) or 8x8: cells, pieces, highlights, arrows
// and marks. It knows no rules: the page gives it, with each drawing, the cells whose piece
// may be picked and where each may go. The board keeps which piece is picked (so that the
// pages need not), and tells the page what the player did as typed events.

import { roundLayout } from "./board-round.js";
import { squareLayout } from "./board-square.js";
import { pieceSvg } from "./pieces.js";

const NS = "http://www.w3.org/2000/svg";

/** The destination kinds drawn on the board: a dot for a move, a ring for a capture, a
 *  dashed ring for a suborn; a support's steps in blue: a "+" badge on a piece the picked
 *  one may support (`support`), then a blue dot where the supported piece may go
 *  (`support-to`) and a blue ring on it for a support to hold (`support-hold`). Any other
 *  kind is a destination that a click reaches without a mark. */
const MARKED = new Set(["move", "capture", "suborn", "support-to", "support-hold"]);

/**
 * What the board draws.
 * @typedef {Object} BoardDrawing
 * @property {Object<string, string>} pieces  cell → piece letter (White upper case)
 * @property {Object<string, Object<string, string>>} [moves]  the cells whose piece may be
 *   picked, each with its destinations (cell → kind: "move", "capture", "suborn", or an
 *   unmarked kind such as "support")
 * @property {*} [selectionKey]  the picked piece stays picked while this stays the same (a
 *   new position or phase drops it)
 * @property {boolean} [flip]  seen from Black's side
 * @property {{from: string, to: string}} [lastMove]
 * @property {string} [check]  the cell of a king in check
 * @property {Array<{from: string, to: string, kind?: string, mid?: string[]}>} [arrows]
 * @property {Array<{cell: string, kind: string}>} [marks]
 * @property {Array<{cell: string, piece: string}>} [dislodged]  pieces waiting to retreat
 * @property {string[]} [pendingCells]  cells of pieces that have an order written
 * @property {Object<string, string>} [spots]  cells a click reaches with nothing picked (a
 *   build on an empty cell), marked as `kind` ("build"); reported as `clicked`
 * @property {{key: *, moves: Array<{from: string, to: string, ok: boolean}>}} [animation]
 *   pieces to animate once per key: an executed move slides its piece from `from` to
 *   `to` (where the drawing has it), a failed one bumps from `from` towards `to` and back
 */

/**
 * What the player did on the board.
 * @typedef {{type: "picked", cell: string}        a piece was picked (click or drag start)
 *   | {type: "chose", from: string, to: string}    a destination of the picked piece clicked
 *   | {type: "dropped", from: string, to: string}  a piece dragged onto one of its destinations
 *   | {type: "deselected"}                         the pick dropped (a click elsewhere, Escape)
 *   | {type: "clicked", cell: string}              a click with nothing picked nor pickable
 * } BoardEvent
 */

export class Board {
  /** `geometry`: "round" or "square"; `onEvent(event)` gets each {@link BoardEvent}. */
  constructor(element, geometry, onEvent = () => {}) {
    this.element = element;
    this.geometry = geometry;
    this.onEvent = onEvent;
    this.flip = false;
    /** @type {BoardDrawing} */
    this.drawing = { pieces: {} };
    /** The picked piece's cell, or null. */
    this.selected = null;
    this.svg = document.createElementNS(NS, "svg");
    this.svg.classList.add("board", `board-${geometry}`);
    this.svg.setAttribute("role", "img");
    element.replaceChildren(this.svg);
    this.layout();
    this.listen();
  }

  /** Draws `drawing` ({@link BoardDrawing}). The picked piece stays picked if it still may
   *  be and the selection key is the same. */
  render(drawing) {
    if (!!drawing.flip !== this.flip) {
      this.flip = !!drawing.flip;
      this.layout();
    }
    const keep = drawing.selectionKey === this.drawing.selectionKey;
    this.drawing = drawing;
    if (!keep || !this.destinationsOf(this.selected)) this.selected = null;
    this.draw();
  }

  /** Picks the piece on `cell` (if it may be picked), as a click would, without an event:
   *  for a page that offers another piece's orders from a chooser. */
  select(cell) {
    this.selected = this.destinationsOf(cell) ? cell : null;
    this.draw();
  }

  /** Drops the pick without an event: the page has taken the move or order it led to. */
  deselect() {
    this.selected = null;
    this.draw();
  }

  /** The destinations of the piece on `cell`, or undefined if it may not be picked. */
  destinationsOf(cell) {
    return cell ? (this.drawing.moves || {})[cell] : undefined;
  }

  layout() {
    const lay = this.geometry === "round" ? roundLayout(this.flip) : squareLayout(this.flip);
    this.cells = new Map(lay.cells.map((c) => [c.name, c]));
    this.svg.setAttribute("viewBox", lay.viewBox);
    this.svg.setAttribute("aria-label", this.geometry === "round" ? "round board of 43 cells" : "8x8 board");
    const rings = lay.rings.map((r) => `<circle class="ring" r="${r}" cx="0" cy="0"/>`).join("");
    this.piecesHtml = null;
    this.svg.innerHTML = `
      <defs>${["ok", "fail", "support", "engine", "last"].map((k) => `
        <marker id="head-${k}" class="head-${k}" viewBox="0 0 10 10" refX="5" refY="5"
          markerWidth="3.2" markerHeight="3.2" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 Z"/></marker>`).join("")}</defs>
      ${this.geometry === "round" ? `<circle class="rim" r="111" cx="0" cy="0"/>` : ""}
      <g class="cells">${lay.cells.map((c) =>
        `<path class="cell ${c.shade}" data-cell="${c.name}" data-cx="${c.x.toFixed(2)}" data-cy="${c.y.toFixed(2)}" d="${c.d}"><title>${c.name}</title></path>`).join("")}</g>
      ${rings}
      <g class="labels">${lay.labels.map((l) =>
        `<text class="${l.cls}" x="${l.x.toFixed(1)}" y="${l.y.toFixed(1)}">${l.text}</text>`).join("")}</g>
      <g class="overlay-under"></g><g class="pieces"></g><g class="overlay"></g><g class="ghost"></g>`;
  }

  /** Draws the current drawing with the picked piece and its marked destinations. */
  draw() {
    const d = this.drawing;
    // A destination's kind may name several marks ("capture support"): the first marked
    // one is drawn, and a "support" among them adds the badge.
    const chosen = Object.entries(this.destinationsOf(this.selected) || {});
    const targets = chosen.map(([cell, kind]) => [cell, kind.split(" ").find((k) => MARKED.has(k))]).filter(([, kind]) => kind);
    const targetOf = new Map(targets);
    for (const path of this.svg.querySelector(".cells").children) {
      const name = path.dataset.cell;
      const t = targetOf.get(name);
      path.classList.toggle("selected", this.selected === name);
      path.classList.toggle("last", !!d.lastMove && (d.lastMove.from === name || d.lastMove.to === name));
      path.classList.toggle("check", d.check === name);
      path.classList.toggle("target", !!t);
      path.classList.toggle("target-capture", t === "capture");
      path.classList.toggle("target-suborn", t === "suborn");
      path.classList.toggle("pending", !!(d.pendingCells && d.pendingCells.includes(name)));
    }
    const pieces = Object.entries(d.pieces || {}).map(([cell, letter]) => {
      const c = this.cells.get(cell);
      if (!c) return "";
      return `<g data-at="${cell}" class="at">${pieceSvg(letter, c.x, c.y, c.size)}</g>`;
    });
    // A dislodged piece waiting to retreat shares its cell with the piece that took it: it
    // is drawn small in the cell's corner.
    for (const p of d.dislodged || []) {
      const c = this.cells.get(p.cell);
      if (!c) continue;
      const k = c.size * 0.3;
      pieces.push(`<g data-dislodged="${p.cell}" class="at dislodged">
        <circle class="dislodged-ring" cx="${c.x + k}" cy="${c.y - k}" r="${c.size * 0.3}"/>
        ${pieceSvg(p.piece, c.x + k, c.y - k, c.size * 0.5)}</g>`);
    }
    // Unchanged pieces are left as they are, so that an animation under way goes on.
    const html = pieces.join("");
    if (html !== this.piecesHtml) {
      this.svg.querySelector(".pieces").innerHTML = html;
      this.piecesHtml = html;
    }
    const dots = targets.map(([cell, kind]) => {
      const c = this.cells.get(cell);
      if (!c) return "";
      const dot = kind === "move" || kind === "support-to";
      const r = c.size * (dot ? 0.16 : 0.48);
      return dot
        ? `<circle class="dot ${kind}" data-target="${cell}" cx="${c.x}" cy="${c.y}" r="${r}"/>`
        : `<circle class="ring-target ${kind}" data-target="${cell}" cx="${c.x}" cy="${c.y}" r="${r}"/>`;
    });
    // The pieces the picked one may support wear a "+" badge in their corner.
    for (const [cell, kind] of chosen) {
      const c = this.cells.get(cell);
      if (!kind.split(" ").includes("support") || !c) continue;
      const k = c.size * 0.36;
      const r = c.size * 0.14;
      dots.push(`<g class="supportable" data-supportable="${cell}"><circle cx="${c.x - k}" cy="${c.y - k}" r="${r}"/>
        <path d="M${c.x - k - r * 0.55} ${c.y - k} h${r * 1.1} M${c.x - k} ${c.y - k - r * 0.55} v${r * 1.1}"/></g>`);
    }
    for (const [cell, kind] of Object.entries(d.spots || {})) {
      const c = this.cells.get(cell);
      if (!c) continue;
      const s = c.size * 0.3;
      dots.push(`<g class="spot spot-${kind}" data-spot="${cell}"><rect x="${c.x - s}" y="${c.y - s}" width="${2 * s}" height="${2 * s}" rx="${s * 0.25}"/>
        <path d="M${c.x - s * 0.5} ${c.y} h${s} M${c.x} ${c.y - s * 0.5} v${s}"/></g>`);
    }
    this.svg.querySelector(".overlay-under").innerHTML = dots.join("");
    const over = [];
    // Two arrows between the same cells in opposite directions (pieces that crossed) are
    // drawn side by side, each shifted to its own right.
    const pairs = new Set((d.arrows || []).map((a) => `${a.from}-${a.to}`));
    for (const a of d.arrows || []) over.push(this.arrow({ ...a, shift: pairs.has(`${a.to}-${a.from}`) }));
    for (const m of d.marks || []) over.push(this.mark(m));
    this.svg.querySelector(".overlay").innerHTML = over.join("");
    this.animate();
  }

  /** Plays the drawing's animation once per key: moves slide in from where they started,
   *  failed moves bump towards where they were going. */
  animate() {
    const a = this.drawing.animation;
    if (!a || a.key === this.animated) return;
    this.animated = a.key;
    if (typeof Element.prototype.animate !== "function") return;
    const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced) return;
    for (const m of a.moves) {
      const from = this.cells.get(m.from);
      const to = this.cells.get(m.to);
      const at = m.ok ? m.to : m.from;
      const el = this.svg.querySelector(`.pieces [data-at="${at}"]`);
      if (!from || !to || !el) continue;
      const [dx, dy] = [from.x - to.x, from.y - to.y];
      const frames = m.ok
        ? [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }]
        : [{ transform: "translate(0px, 0px)" }, { transform: `translate(${-dx * 0.35}px, ${-dy * 0.35}px)` },
          { transform: "translate(0px, 0px)" }];
      el.animate(frames, { duration: m.ok ? 700 : 600, easing: "ease-in-out", delay: 150, fill: "backwards" });
    }
  }

  /** An arrow between two cells; with `mid` ([cell, cell]) it ends halfway between those
   *  two instead (a support of a move points at the move it supports). Supports bend to
   *  their left, so that one along the line of the move it supports stays visible. */
  arrow({ from, to, kind = "ok", shift = false, mid = null }) {
    const a = this.cells.get(from);
    let b = this.cells.get(to);
    if (mid) {
      const [m1, m2] = mid.map((c) => this.cells.get(c));
      if (m1 && m2) b = { x: (m1.x + m2.x) / 2, y: (m1.y + m2.y) / 2, size: m1.size * 0.4 };
    }
    if (!a || !b || (from === to && !mid)) return "";
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const [nx, ny] = [-dy / len, dx / len];
    const w = (this.geometry === "round" ? 2.6 : 13) * (kind === "support" ? 0.7 : 1);
    const bend = kind === "support" ? len * 0.22 : 0;
    const [ox, oy] = shift ? [nx * w * 1.3, ny * w * 1.3] : [0, 0];
    const [x1, y1] = [a.x + ox, a.y + oy];
    const [cx, cy] = [(a.x + b.x) / 2 + nx * bend + ox, (a.y + b.y) / 2 + ny * bend + oy];
    // The head stops short of the target's centre, along the line it arrives on.
    const [tx, ty] = [b.x + ox - cx, b.y + oy - cy];
    const tlen = Math.hypot(tx, ty) || 1;
    const back = b.size * 0.3;
    const [x2, y2] = [b.x + ox - (tx / tlen) * back, b.y + oy - (ty / tlen) * back];
    const f = (n) => n.toFixed(2);
    const d = bend ? `M${f(x1)} ${f(y1)} Q${f(cx)} ${f(cy)} ${f(x2)} ${f(y2)}` : `M${f(x1)} ${f(y1)} L${f(x2)} ${f(y2)}`;
    return `<path class="arrow arrow-${kind}" data-arrow="${from}-${to}" d="${d}"
      stroke-width="${w}" marker-end="url(#head-${kind})"/>`;
  }

  mark({ cell, kind }) {
    const c = this.cells.get(cell);
    if (!c) return "";
    const s = c.size * 0.34;
    const { x, y } = c;
    const w = this.geometry === "round" ? 2.2 : 10;
    const title = `<title>${kind === "hold-default" ? "no order: holds" : kind} at ${cell}</title>`;
    switch (kind) {
      case "bounce":
      case "captured":
        return `<g class="mark mark-${kind}" data-mark="${kind}" data-cell="${cell}" stroke-width="${w}">${title}
          <line x1="${x - s}" y1="${y - s}" x2="${x + s}" y2="${y + s}"/>
          <line x1="${x - s}" y1="${y + s}" x2="${x + s}" y2="${y - s}"/></g>`;
      case "cut":
        return `<g class="mark mark-cut" data-mark="cut" data-cell="${cell}" stroke-width="${w}">${title}
          <line x1="${x - s * 1.3}" y1="${y + s * 0.2}" x2="${x + s * 1.3}" y2="${y - s * 0.2}"/>
          <circle cx="${x - s * 1.3}" cy="${y + s * 0.2}" r="${s * 0.3}"/></g>`;
      case "standoff":
        return `<g class="mark mark-standoff" data-mark="standoff" data-cell="${cell}" stroke-width="${w * 0.8}">${title}
          <rect x="${x - s}" y="${y - s}" width="${2 * s}" height="${2 * s}" rx="${s * 0.3}"/></g>`;
      case "hold":
      case "hold-default":
        return `<g class="mark mark-${kind}" data-mark="${kind}" data-cell="${cell}" stroke-width="${w * (kind === "hold" ? 0.8 : 0.5)}">${title}
          <circle cx="${x}" cy="${y}" r="${c.size * 0.47}"/></g>`;
      case "dislodged":
        return `<g class="mark mark-dislodged" data-mark="dislodged" data-cell="${cell}" stroke-width="${w}">${title}
          <circle cx="${x}" cy="${y}" r="${c.size * 0.5}"/></g>`;
      default:
        return `<g class="mark mark-failed" data-mark="${kind}" data-cell="${cell}" stroke-width="${w}">${title}
          <circle cx="${x}" cy="${y}" r="${c.size * 0.45}"/></g>`;
    }
  }

  cellAt(clientX, clientY) {
    const el = document.elementFromPoint(clientX, clientY);
    const cell = el && el.closest && el.closest("[data-cell]");
    return cell && this.svg.contains(cell) ? cell.dataset.cell : null;
  }

  /** Changes the pick, redraws, then reports the event (so that the page, drawing itself
   *  again, finds the board as the event says). */
  settle(selected, event) {
    this.selected = selected;
    this.draw();
    this.onEvent(event);
  }

  /** A click on a cell: a destination of the picked piece is chosen, the picked piece
   *  dropped, another piece picked; otherwise the click is reported as it is. */
  click(cell) {
    const from = this.selected;
    const there = this.destinationsOf(from);
    if (from && cell !== from && there[cell] !== undefined) return this.onEvent({ type: "chose", from, to: cell });
    if (cell !== from && this.destinationsOf(cell)) return this.settle(cell, { type: "picked", cell });
    if (from) return this.settle(null, { type: "deselected" });
    this.onEvent({ type: "clicked", cell });
  }

  listen() {
    let drag = null;
    const ghost = () => this.svg.querySelector(".ghost");
    this.svg.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      const cell = this.cellAt(e.clientX, e.clientY);
      if (!cell) return;
      // Only a piece that may be picked can be dragged.
      drag = { from: cell, x: e.clientX, y: e.clientY, moved: false, draggable: !!this.destinationsOf(cell) };
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (!drag || !drag.draggable) return;
      if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
      if (!drag.moved) {
        drag.moved = true;
        this.svg.setPointerCapture(e.pointerId);
        // Dragging picks the piece, so that its destinations show while it moves.
        if (this.selected !== drag.from) this.settle(drag.from, { type: "picked", cell: drag.from });
      }
      const pt = this.svg.createSVGPoint();
      pt.x = e.clientX;
      pt.y = e.clientY;
      const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
      const c = this.cells.get(drag.from);
      ghost().innerHTML = pieceSvg(this.drawing.pieces[drag.from] || "", p.x, p.y, c.size * 1.1);
      const src = this.svg.querySelector(`.pieces [data-at="${drag.from}"]`);
      if (src) src.classList.add("dragging");
    });
    const end = (e) => {
      if (!drag) return;
      const d = drag;
      drag = null;
      ghost().innerHTML = "";
      if (!d.moved) return this.click(d.from);
      const to = this.cellAt(e.clientX, e.clientY);
      const src = this.svg.querySelector(`.pieces [data-at="${d.from}"]`);
      if (src) src.classList.remove("dragging");
      if (!to || to === d.from) return;
      if ((this.destinationsOf(d.from) || {})[to] !== undefined) this.onEvent({ type: "dropped", from: d.from, to });
      else this.settle(null, { type: "deselected" });
    };
    this.svg.addEventListener("pointerup", end);
    this.svg.addEventListener("pointercancel", () => {
      drag = null;
      ghost().innerHTML = "";
    });
    // Escape drops the pick (a board no longer on the page keeps still).
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.selected && this.svg.isConnected) this.settle(null, { type: "deselected" });
    });
  }
}
