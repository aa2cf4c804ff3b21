// The page of one game: takes the seat an invite link offers, reads the game and the facts
// of its variant, and hands them to the controller of the game's kind (game/sequential.js,
// game/simultaneous.js), which draws the page and follows its live updates from then on.

import { api, saveSeat, seat, watch } from "./api.js";
import { startSequential } from "./game/sequential.js";
import { startSimultaneous } from "./game/simultaneous.js";
import { topBar } from "./top.js";

const CONTROLLERS = { sequential: startSequential, simultaneous: startSimultaneous };
const $ = (id) => document.getElementById(id);
const id = location.pathname.split("/").filter(Boolean).pop();

/** The seat this browser holds, after taking the one an invite link (`#invite=CODE`)
 *  offers; the code is then forgotten. Returns {seat, error}. */
async function takeInvitedSeat() {
  let mine = seat(id);
  let error = "";
  const m = location.hash.match(/invite=([A-Za-z0-9_-]+)/);
  if (!m || mine) return { seat: mine, error };
  try {
    const joined = await api("POST", `/api/games/${id}/join`, { invite: m[1] });
    mine = { token: joined.token, color: joined.color };
    saveSeat(id, mine);
  } catch (e) {
    error = `Could not join: ${e.message}`;
  }
  history.replaceState(null, "", location.pathname);
  return { seat: mine, error };
}

async function start() {
  topBar({ live: true });
  const { seat: mine, error } = await takeInvitedSeat();
  let controller = null;
  /** Reads the game and starts its controller; until that succeeds, each live update tries
   *  again. */
  const begin = async () => {
    try {
      const [variants, view] = await Promise.all([
        api("GET", "/api/variants"),
        api("GET", `/api/games/${id}`, undefined, mine && mine.token),
      ]);
      const variant = variants.games.find((g) => g.id === view.game) || { short_name: view.game, examples: {} };
      if (controller) return;
      controller = CONTROLLERS[view.kind]({ id, seat: mine, variant, error }, view);
      document.addEventListener("keydown", (e) => controller.key(e));
      setInterval(() => controller.tick(), 250);
    } catch (e) {
      $("status").innerHTML = `<span class="error"></span>`;
      $("status").firstChild.textContent = e.message;
    }
  };
  await begin();
  // Each event is a change (a move, sealed orders, a join): read the game again with this
  // player's token, which adds what only the player may see (legal orders, own orders).
  watch(id, () => (controller ? controller.read() : begin()), (s) => {
    $("live").textContent = s === "live" ? "live" : "reconnecting";
    $("live").classList.toggle("off", s !== "live");
  });
}

start();
