// The state → view loop both game controllers run on. The state is one object, replaced
// only by `update(state, message)`, a pure function; after every message the page is drawn
// from it by `render(state)`. Whatever talks to the server does so outside the loop and
// dispatches what it learnt as a message, so every change of state is a message.

/** Starts the loop on `initial` and draws it. `render(state, dispatch)` wires the page's
 *  controls to `dispatch`. Returns `dispatch(message)` and `current()` (the state now, for
 *  handlers that act on it). */
export function startLoop(initial, update, render) {
  let state = initial;
  const dispatch = (message) => {
    state = update(state, message);
    render(state, dispatch);
  };
  render(state, dispatch);
  return { dispatch, current: () => state };
}
