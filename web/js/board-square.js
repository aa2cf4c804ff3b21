// The 8x8 board of Diplomatic Chess, Diplomacy Chess and DiploChess: rank 8 on top seen
// from White's side, rank 1 on top from Black's; coordinates drawn inside the edge squares.

const FILES = "abcdefgh";
const SIZE = 100;

export function squareLayout(flip) {
  const cells = [];
  const labels = [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const col = flip ? 7 - file : file;
      const row = flip ? rank : 7 - rank;
      const x0 = col * SIZE;
      const y0 = row * SIZE;
      cells.push({
        name: `${FILES[file]}${rank + 1}`,
        d: `M${x0} ${y0} h${SIZE} v${SIZE} h${-SIZE} Z`,
        x: x0 + SIZE / 2, y: y0 + SIZE / 2, size: 88,
        shade: (file + rank) % 2 === 1 ? "light" : "dark",
      });
      if (row === 7) labels.push({ x: x0 + SIZE - 8, y: y0 + SIZE - 8, text: FILES[file], cls: "label-file" });
      if (col === 0) labels.push({ x: x0 + 7, y: y0 + 20, text: String(rank + 1), cls: "label-rank" });
    }
  }
  return { viewBox: "0 0 800 800", cells, labels, rings: [] };
}
