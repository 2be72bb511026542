// The game's Web Worker: game_thread.mjs serving the page that started it.
import { serve } from "./game_thread.mjs";
import { message } from "./protocol.mjs";

const receive = serve((data) => self.postMessage(data), { make: true });
self.onmessage = ({ data }) => receive(data);

// A Content-Security-Policy violation here (a worker started from a blob keeps its page's policy) is a bug:
// the page says so where the tests look.
self.addEventListener("securitypolicyviolation", (event) => {
  self.postMessage(message("violation", { what: `${event.effectiveDirective} ${event.blockedURI || "inline"} (in the game's worker)` }));
});

// What the page sent before this module ran: where a sandboxed frame starts this worker from a blob that
// imports this module (game_link.mjs), the blob kept it.
for (const early of (self.diceDungeonsEarly || []).splice(0)) receive(early.data);
