// Sequential games through the page: two browser contexts (or one against the engine)
// play by clicks and drags; every piece clicked must highlight exactly the targets that
// `diplo moves` lists for it.

import {
  apiGet, check, clickCell, newPage, cliMoves, createInLobby, dragCell, gameId, joinByInvite,
  moveList, phoneShot, PHONE, sameSet, seatedPage, shot, targets, twoPlayersByApi, waitFor, waitMoves,
} from "./helpers.mjs";

/** Picks the ply's move: a fixed rotation through the legal list, so that the game is the
 *  same on every run and varied (different pieces, captures, suborns when they come). */
function pickMove(moves, ply) {
  const withFrom = moves.filter((m) => m.from);
  return withFrom[(ply * 7 + 3) % withFrom.length];
}

/** Clicks the mover's piece, checks the highlighted targets against `diplo moves`, then
 *  plays the move by a click (or a drag on odd plies) and answers a chooser if one opens. */
async function playPly(base, page, id, game, ply, { drag }) {
  const view = await apiGet(base, `/api/games/${id}`);
  const moves = cliMoves(game, view.position, view.options);
  const mv = pickMove(moves, ply);
  await clickCell(page, mv.from);
  const shown = await targets(page);
  const expected = moves.filter((m) => m.from === mv.from).map((m) => m.to);
  check(sameSet(shown, expected),
    `${game} ply ${ply + 1}: the piece on ${mv.from} highlights [${shown.sort()}], diplo moves lists [${[...new Set(expected)].sort()}]`);
  if (drag) {
    await clickCell(page, mv.from); // unselect, then drag from scratch
    await dragCell(page, mv.from, mv.to);
  } else {
    await clickCell(page, mv.to);
  }
  const chooser = await page.$(".chooser button[data-choice]");
  if (chooser) await chooser.click();
  return mv;
}

export async function sequentialPair(browser, base, game, plies) {
  const a = await newPage(browser);
  const b = await newPage(browser);
  await createInLobby(a, base, { game, color: "white" });
  const id = gameId(a);
  await a.waitForSelector("#invite-link", { timeout: 15000 });
  await shot(a, `${game}-0-invite`);
  await joinByInvite(a, b);
  const cells = await a.$$eval("svg.board .cells [data-cell]", (els) => els.map((e) => e.dataset.cell));
  const variants = await apiGet(base, "/api/variants");
  const expectedCells = variants.games.find((g) => g.id === game).cells;
  check(sameSet(cells, expectedCells) && cells.length === expectedCells.length,
    `${game}: the board has ${cells.length} cells, the game ${expectedCells.length}`);
  if (game === "diplomat-chess") {
    check(cells.length === 43, `the round board has ${cells.length} cells, not 43`);
    const labels = await a.$$eval("svg.board .labels .label-radius", (els) => els.map((e) => e.textContent).join(""));
    check(labels === "abcdefghijklmn", `the round board's radius labels read ${labels}`);
  }
  // Each player sees the board from its side: White's d1 near the bottom, Black's near the top.
  const lowHalf = (page) => page.$eval('svg.board .cells [data-cell="d1"]', (cell) => {
    const r = cell.getBoundingClientRect();
    const s = cell.ownerSVGElement.getBoundingClientRect();
    return r.top + r.height / 2 > s.top + s.height / 2;
  });
  // The tab's title tells the player to move, and only that player.
  await waitFor(a, () => document.title.startsWith("● Your turn"), null, `${game}: White's title to say it is White's turn`);
  check(!(await b.title()).includes("Your turn"), `${game}: Black's title says it is Black's turn`);
  check(await lowHalf(a), `${game}: White's page does not show d1 at the bottom`);
  check(!(await lowHalf(b)), `${game}: Black's page does not show d1 at the top`);
  for (let ply = 0; ply < plies; ply++) {
    const mover = ply % 2 === 0 ? a : b;
    const other = ply % 2 === 0 ? b : a;
    await playPly(base, mover, id, game, ply, { drag: ply % 3 === 1 });
    await waitMoves(mover, ply + 1);
    // The opponent's page follows live.
    await waitMoves(other, ply + 1);
    const lastCells = await other.$$eval("svg.board .cells .last", (els) => els.length);
    check(lastCells === 2, `${game}: the last move is marked on ${lastCells} cells, not 2`);
    if (ply === 1) await shot(a, `${game}-1-opening`);
  }
  const listA = await moveList(a);
  const listB = await moveList(b);
  check(listA.join(" ") === listB.join(" "), `${game}: the two pages' move lists differ: ${listA} / ${listB}`);
  await shot(a, `${game}-2-white`);
  await shot(b, `${game}-3-black`);
  await phoneShot(b, `${game}-3-black`);
  // Navigation: back to the start shows the start position's pieces.
  await a.click('[data-nav="first"]');
  await waitFor(a, () => document.querySelectorAll("svg.board .pieces [data-piece]").length > 0, null, "the start position");
  await a.click('[data-nav="last"]');
  // White resigns; both pages show the result.
  a.once("dialog", (d) => d.accept());
  await a.click("#resign");
  for (const p of [a, b]) {
    await waitFor(p, () => document.querySelector("[data-result]")?.dataset.result === "0-1", null, `${game}: the result on both pages`);
  }
  await shot(b, `${game}-4-over`);
  // A rematch: the first to ask creates it, the other joins it, colours swapped.
  await a.click("#rematch");
  await a.waitForURL((url) => !url.pathname.endsWith(id), { timeout: 15000 });
  await b.reload();
  await b.waitForSelector("#rematch", { timeout: 15000 });
  check((await b.textContent("#rematch")).includes("Join"), `${game}: Black is not offered the rematch`);
  await b.click("#rematch");
  await b.waitForURL((url) => !url.pathname.endsWith(id), { timeout: 15000 });
  check(gameId(a) === gameId(b), `${game}: the players went to different rematches`);
  await waitFor(b, () => document.querySelector(".status .big")?.textContent === "Your move", null, `${game}: the rematch to start with Black's player moving first`);
  check(!(await lowHalf(a)) && (await lowHalf(b)), `${game}: the rematch does not swap the boards' sides`);
  await a.context().close();
  await b.context().close();
}

export async function againstEngine(browser, base) {
  const page = await newPage(browser);
  await page.goto(`${base}/`);
  await page.waitForSelector(".game-card");
  await shot(page, "lobby");
  await phoneShot(page, "lobby");
  await createInLobby(page, base, { game: "diplomat-chess", opponent: "engine", level: 1, color: "white", time: "5+3" });
  const id = gameId(page);
  // White's clock runs on the page: 5:00 at the start, less a moment later.
  const clock = () => page.textContent('[data-clock="white"]');
  const first = await clock();
  check(/^[45]:\d\d$/.test(first), `White's clock reads ${first}`);
  await page.waitForTimeout(1600);
  const later = await clock();
  check(later < first, `White's clock does not run: ${first}, then ${later}`);
  for (let ply = 0; ply < 6; ply += 2) {
    await playPly(base, page, id, "diplomat-chess", ply, { drag: false });
    // The engine answers, and the page shows its move live.
    await waitMoves(page, ply + 2);
  }
  const view = await apiGet(base, `/api/games/${id}`);
  check(view.players.black.startsWith("engine"), `the opponent is ${view.players.black}`);
  await shot(page, "engine-diplomat-chess");
  // A phone-sized screen: the board fits, the players sit above and below it.
  await phoneShot(page, "engine-diplomat-chess");
  // A game can be played there too: a move by clicks on the small board.
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(200);
  await playPly(base, page, id, "diplomat-chess", 6, { drag: false });
  await waitMoves(page, 8);
  await page.context().close();
}

/** A promotion asks which piece: the chooser lists the moves by SAN, and the chosen piece
 *  stands on the board afterwards. */
export async function promotion(browser, base) {
  const created = await (await fetch(`${base}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: "diplomatic-chess", position: "3d4/P7/8/8/8/8/8/3QD3 w - - 0 1", color: "white", opponent: "engine:1" }),
  })).json();
  check(created.token, `the game was not created: ${JSON.stringify(created)}`);
  const page = await newPage(browser);
  // The creator's browser keeps its seat as the lobby would have stored it.
  await page.addInitScript(([id, seat]) => {
    localStorage.setItem(`diplo.game.${id}`, seat);
    localStorage.setItem("diplo.games", JSON.stringify([id]));
  }, [created.id, JSON.stringify({ token: created.token, color: "white" })]);
  await page.goto(`${base}/games/${created.id}`);
  await page.waitForSelector("svg.board .cells [data-cell]");
  await clickCell(page, "a7");
  await clickCell(page, "a8");
  await page.waitForSelector(".chooser button[data-choice]", { timeout: 5000 });
  const choices = await page.$$eval(".chooser button[data-choice]", (els) => els.map((e) => e.dataset.choice));
  check(sameSet(choices, ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]), `the promotion chooser offers ${choices}`);
  await shot(page, "promotion-chooser");
  await page.click('.chooser button[data-choice="a7a8n"]');
  await waitFor(page, () => document.querySelector('svg.board .pieces [data-at="a8"] [data-piece]')?.dataset.piece === "N",
    null, "a knight on a8");
  await waitMoves(page, 2);
  await page.context().close();
}

/** A check: two moves played through the API, then White's page gives check by clicks
 *  (b1n2 i1g2 n2l3, found by a search of the first plies). Both pages mark exactly the
 *  checked king's cell, as the server's `check` says, and Black's status says check. Then
 *  Black turns the board round and back with *Flip board*. */
export async function checkShown(browser, base) {
  const g = await twoPlayersByApi(base, { game: "diplomat-chess" });
  for (const [move, token] of [["b1n2", g.white], ["i1g2", g.black]]) {
    const r = await g.post(`/api/games/${g.id}/move`, { move }, token);
    check(!r.error, `the move ${move} was refused: ${r.error}`);
  }
  const white = await seatedPage(browser, base, g.id, g.white, "white");
  const black = await seatedPage(browser, base, g.id, g.black, "black");
  const checked = (page) => page.$$eval("svg.board .cells .check", (els) => els.map((e) => e.dataset.cell));
  check((await checked(white)).length === 0, "a check is marked before any check");
  await clickCell(white, "n2");
  await clickCell(white, "l3");
  for (const p of [white, black]) await waitMoves(p, 3);
  const view = await apiGet(base, `/api/games/${g.id}`);
  check(view.check === true, "the server does not report the check this scenario expects");
  const king = Object.keys(view.board).find((c) => view.board[c] === (view.to_move === "white" ? "K" : "k"));
  for (const p of [white, black]) {
    await waitFor(p, (cell) => document.querySelector(`svg.board .cells [data-cell="${cell}"].check`), king, `the check on ${king}`);
    const marked = await checked(p);
    check(sameSet(marked, [king]), `the page marks check on [${marked}], the king stands on ${king}`);
  }
  const status = await black.textContent(".status");
  check(/check/i.test(status), `Black's status does not say check: ${status}`);
  await shot(black, "diplomat-chess-check");
  // Flip: Black sees its own side at the bottom, then White's, then its own again.
  const bottomCell = (page) => page.$$eval("svg.board .cells [data-cell]", (els) => {
    const low = (e) => {
      const r = e.getBoundingClientRect();
      return r.top + r.height / 2;
    };
    return els.reduce((a, b) => (low(b) > low(a) ? b : a)).dataset.cell;
  });
  const own = await bottomCell(black);
  check(own === "k1", `Black's page shows ${own} lowest, not k1`);
  await black.click("#flip");
  const flipped = await bottomCell(black);
  check(flipped === "d1", `after Flip board ${flipped} is lowest, not d1`);
  await black.click("#flip");
  check((await bottomCell(black)) === own, "a second Flip board does not turn the board back");
  await white.context().close();
  await black.context().close();
}
