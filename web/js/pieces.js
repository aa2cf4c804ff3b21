// The piece images: our own drawings on a 100x100 grid, white pieces light with a dark
// outline, black pieces dark with light details. Letters follow the position strings:
// K Q R B N P, H (Diplomat Chess's horse) and D (the Diplomat).

const SHAPES = {
  P: `<circle cx="50" cy="30" r="13"/>
      <path d="M38 44 Q50 38 62 44 L66 72 Q50 68 34 72 Z"/>
      <path d="M24 86 Q26 72 50 72 Q74 72 76 86 Z"/>`,
  R: `<path d="M28 18 h10 v8 h7 v-8 h10 v8 h7 v-8 h10 v20 l-6 6 v28 l6 6 v10 H28 v-10 l6 -6 V44 l-6 -6 Z"/>
      <path class="detail" d="M34 44 H66 M34 72 H66" fill="none"/>`,
  B: `<path d="M50 12 Q56 18 53 22 Q70 34 66 56 Q64 66 58 70 H42 Q36 66 34 56 Q30 34 47 22 Q44 18 50 12 Z"/>
      <path class="detail" d="M54 32 L44 48" fill="none"/>
      <path d="M30 86 Q32 72 50 72 Q68 72 70 86 Z"/>`,
  N: `<path d="M34 86 L34 72 Q30 56 42 44 L30 50 Q22 48 24 40 Q36 26 46 20 L48 12 L54 20 Q76 26 76 56 L76 72 Q78 78 76 86 Z"/>
      <circle class="detail" cx="45" cy="32" r="3"/>
      <path d="M30 86 H80 v-6 H30 Z"/>`,
  H: `<path d="M32 86 L32 70 Q28 54 40 42 L28 48 Q20 44 24 36 Q38 22 50 18 L50 10 L58 18 Q80 26 78 58 L78 70 Z"/>
      <path class="detail" d="M58 26 Q70 36 70 60" fill="none"/>
      <circle class="detail" cx="44" cy="30" r="3"/>
      <path d="M26 86 H82 v-7 H26 Z"/>`,
  Q: `<path d="M24 30 L34 62 L40 26 L50 58 L60 26 L66 62 L76 30 L70 74 H30 Z"/>
      <circle cx="24" cy="27" r="5"/><circle cx="40" cy="22" r="5"/><circle cx="50" cy="20" r="5"/>
      <circle cx="60" cy="22" r="5"/><circle cx="76" cy="27" r="5"/>
      <path d="M26 88 Q28 74 50 74 Q72 74 74 88 Z"/>`,
  K: `<path d="M46 8 h8 v8 h8 v8 h-8 v10 h-8 v-10 h-8 v-8 h8 Z"/>
      <path d="M50 36 Q62 30 74 38 Q84 48 70 70 H30 Q16 48 26 38 Q38 30 50 36 Z"/>
      <path class="detail" d="M32 56 H68" fill="none"/>
      <path d="M26 88 Q28 72 50 72 Q72 72 74 88 Z"/>`,
  // The Diplomat: a robed envoy under a wide hat, a sash across the chest.
  D: `<path d="M26 26 Q50 14 74 26 Q62 30 50 30 Q38 30 26 26 Z"/>
      <circle cx="50" cy="36" r="10"/>
      <path d="M36 50 Q50 44 64 50 L72 84 H28 Z"/>
      <path class="detail" d="M38 52 L64 78" fill="none"/>
      <path d="M24 90 H76 v-7 H24 Z"/>`,
};

/** The SVG markup of a piece letter (upper case White, lower case Black), as a <g>
 *  drawn in a box of `size` centred on (x, y). */
export function pieceSvg(letter, x, y, size) {
  const role = letter.toUpperCase();
  const white = letter === role;
  const shape = SHAPES[role] || `<text x="50" y="66" font-size="50" text-anchor="middle">${role}</text>`;
  const s = size / 100;
  return `<g class="piece ${white ? "white" : "black"}" data-piece="${letter}"
     transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})">${shape}</g>`;
}

/** A stand-alone <svg> of a piece, for lists and buttons. */
export function pieceIcon(letter, px = 28) {
  return `<svg class="piece-icon" viewBox="0 0 100 100" width="${px}" height="${px}">${pieceSvg(letter, 50, 50, 100)}</svg>`;
}

export const ROLE_NAMES = {
  K: "King", Q: "Queen", R: "Rook", B: "Bishop", N: "Knight", H: "Horse", D: "Diplomat", P: "Pawn",
};
