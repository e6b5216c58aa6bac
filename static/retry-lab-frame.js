// Retry Lab's iframes on a host page: the builder's iframe snippet loads this
// one script, from the lab's own origin, instead of an inline script (a host
// with a strict Content-Security-Policy refuses inline ones, MDX cannot hold
// them). It sizes every `iframe[data-retry-lab-frame]` on the page to the lab
// inside it, from the lab's `retry-lab:resize` messages: each frame is
// matched by its window, so any number of snippets work side by side, ids or
// not. Sizes are set through the CSSOM, which a CSP's style-src allows.
// A frame in a reveal.js slide (or marked `data-retry-lab-fit="slide"`)
// stays within the slide and scrolls inside. Frames added later (a host that
// changes pages without reloading) are found on each message. A classic
// script, not a module: a host on another origin loads it without the lab's
// server sending CORS headers; each snippet includes it, so it listens once.
(() => {
  const MIN_HEIGHT_PX = 320;
  const MAX_HEIGHT_PX = 20_000;
  /** A slide not on screen has no box to measure: this share of the deck's height. */
  const HIDDEN_SLIDE_SHARE = 0.8;

  /** Each frame's last height its lab asked for (a slide re-fits it on showing). */
  const wanted = new WeakMap();

  const frames = () => document.querySelectorAll('iframe[data-retry-lab-frame]');

  /** The frame a message came from, if it is one of ours from its lab's origin. */
  function frameOf(event) {
    for (const frame of frames()) {
      if (frame.contentWindow === event.source) {
        return new URL(frame.src, location.href).origin === event.origin ? frame : null;
      }
    }
    return null;
  }

  /** How tall a frame in a slide may be, in the deck's own pixels: from its
   * top to the slides' bottom (reveal.js scales the deck, so rectangles are
   * divided by that scale); Infinity outside a slide. */
  function slideRoom(frame) {
    const slides = frame.closest('.reveal .slides');
    if (!slides && frame.dataset.retryLabFit !== 'slide') return Infinity;
    const deck = slides ?? frame.closest('section') ?? document.documentElement;
    const deckBox = deck.getBoundingClientRect();
    const frameBox = frame.getBoundingClientRect();
    if (deck.offsetHeight === 0) return Infinity;
    if (frameBox.height === 0 || deckBox.height === 0) return deck.offsetHeight * HIDDEN_SLIDE_SHARE;
    const scale = deckBox.height / deck.offsetHeight;
    return (deckBox.bottom - frameBox.top) / scale;
  }

  function fit(frame) {
    const asked = wanted.get(frame);
    if (asked === undefined) return;
    const room = Math.floor(slideRoom(frame));
    frame.style.height = `${Math.max(MIN_HEIGHT_PX, Math.min(asked, room))}px`;
  }

  /** A frame the author's page leaves as the browser draws it (an inset
   * border, inline) loses its border and stands on its own line; a page that
   * styles its frames keeps its style. Its width is its width attribute's. */
  function prepare(frame) {
    const style = getComputedStyle(frame);
    if (style.borderTopStyle === 'inset') frame.style.border = '0';
    if (style.display === 'inline') frame.style.display = 'block';
  }

  for (const frame of frames()) prepare(frame);
  if (window.retryLabFrames) return;
  window.retryLabFrames = true;

  addEventListener('message', (event) => {
    const message = event.data;
    if (message === null || typeof message !== 'object' || message.version !== 1 || message.type !== 'retry-lab:resize') return;
    if (!Number.isFinite(message.height) || message.height <= 0) return;
    const frame = frameOf(event);
    if (!frame) return;
    prepare(frame);
    wanted.set(frame, Math.min(MAX_HEIGHT_PX, Math.ceil(message.height)));
    fit(frame);
  });

  // A deck's layout changes with its slide and the window: its frames re-fit.
  const refit = () => {
    for (const frame of frames()) fit(frame);
  };
  for (const event of ['slidechanged', 'ready', 'resize']) addEventListener(event, refit);
})();
