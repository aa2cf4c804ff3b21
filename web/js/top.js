// The bar at the top of every page: the name, then the links to the lobby, the analysis
// board and the API description, the page being shown marked.

const LINKS = [
  ["/", "Play"],
  ["/analysis.html", "Analysis board"],
  ["/api/openapi.json", "API"],
];

/** Fills the page's `<header class="top">`; `live` adds the event stream's indicator
 *  (`#live`) at the right. */
export function topBar({ live = false } = {}) {
  const here = location.pathname.startsWith("/games/") ? "/" : location.pathname;
  const links = LINKS.map(([href, text]) =>
    `<a href="${href}"${href === here ? ' aria-current="page"' : ""}>${text}</a>`).join("");
  document.querySelector("header.top").innerHTML = `<a class="brand" href="/">diplo<span>.</span></a>
    <nav>${links}</nav>${live ? '<span class="live off" id="live">connecting</span>' : ""}`;
}
