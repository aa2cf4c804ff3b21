// The 43-cell round board of Diplomat Chess: the centre (cell 4) and three crowns of 14
// cells, crown 1 the rim and crown 3 next to the centre. The fourteen radii are a..n; seen
// from White's side radius d points down and a..g run left to right along the bottom (as
// the terminal drawing of crates/cli lays it out), and opposite radii (a and h, b and i, ...)
// meet in a straight line through the centre. Seen from Black's side it turns half a turn.

const STEP = (2 * Math.PI) / 14;
/** Inner and outer radius of crowns 1, 2, 3, and the centre disc's radius. The crowns are
 *  about equally deep (the rim a little deeper, for its large pieces); a wide centre keeps
 *  crown 3's cells wide enough for a legible piece. */
const CROWNS = { 1: [70, 96], 2: [47, 70], 3: [24, 47] };
const CENTRE = 24;
const LABELS = 104;
/** Piece size per crown: the inner cells are narrower. */
const PIECE = { 1: 25.5, 2: 23, 3: 20, 4: 30 };

const RADII = "abcdefghijklmn";

function angleOf(radius, flip) {
  return -Math.PI / 2 - (3 - radius) * STEP + (flip ? Math.PI : 0);
}

function point(r, a) {
  return [r * Math.cos(a), -r * Math.sin(a)];
}

const f = (n) => n.toFixed(2);

/** The cells as polygons (SVG paths) with their centres, and the labels. */
export function roundLayout(flip) {
  const cells = [];
  for (let radius = 0; radius < 14; radius++) {
    const a = angleOf(radius, flip);
    const [a1, a2] = [a - STEP / 2, a + STEP / 2];
    for (let crown = 1; crown <= 3; crown++) {
      const [ri, ro] = CROWNS[crown];
      const [p1, p2, p3, p4] = [point(ro, a1), point(ro, a2), point(ri, a2), point(ri, a1)];
      const d = `M${f(p1[0])} ${f(p1[1])} A${ro} ${ro} 0 0 0 ${f(p2[0])} ${f(p2[1])} ` +
        `L${f(p3[0])} ${f(p3[1])} A${ri} ${ri} 0 0 1 ${f(p4[0])} ${f(p4[1])} Z`;
      const [x, y] = point((ri + ro) / 2, a);
      cells.push({
        name: `${RADII[radius]}${crown}`, d, x, y, size: PIECE[crown],
        shade: (radius + crown) % 2 === 0 ? "light" : "dark",
      });
    }
  }
  cells.push({
    name: "4", x: 0, y: 0, size: PIECE[4], shade: "centre",
    d: `M${-CENTRE} 0 A${CENTRE} ${CENTRE} 0 1 0 ${CENTRE} 0 A${CENTRE} ${CENTRE} 0 1 0 ${-CENTRE} 0 Z`,
  });
  const labels = [];
  for (let radius = 0; radius < 14; radius++) {
    const [x, y] = point(LABELS, angleOf(radius, flip));
    labels.push({ x, y, text: RADII[radius], cls: "label-radius" });
  }
  // The crown numbers along the radius at the viewer's lower left (a, or h when flipped).
  const side = angleOf(flip ? 7 : 0, flip) - STEP / 2;
  for (let crown = 1; crown <= 3; crown++) {
    const [ri, ro] = CROWNS[crown];
    // Near the crown's outer edge, on the line between two radii: clear of the pieces.
    const [x, y] = point(ro - 4.5, side);
    labels.push({ x, y, text: String(crown), cls: "label-crown" });
  }
  labels.push({ x: 0, y: 16, text: "4", cls: "label-centre" });
  return { viewBox: "-113 -113 226 226", cells, labels, rings: [96, 70, 47, CENTRE] };
}

/** Every cell name, in the engine's order: a1 a2 a3 b1 ... n3, then 4. */
export const ROUND_CELLS = [...RADII].flatMap((r) => [1, 2, 3].map((c) => `${r}${c}`)).concat(["4"]);
