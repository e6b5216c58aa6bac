// The builder's reveal.js deck: one slide per scenario of the experiment, each
// slide the lab opened on that scenario (a link with `preset=` and nothing
// else of the experiment's, so the slide shows the scenario as its name
// says), in the projector view. A single HTML file an instructor opens or
// puts beside their own slides. Loaded only when an author asks for it.

import { escapeMarkup } from './tool-link.js';

/** npm reveal.js as package.json pins it (tests/e2e/hosts.test.mjs checks
 * they agree): the deck loads this version from jsDelivr. */
export const REVEAL_VERSION = '5.2.1';
export const REVEAL_BASE = `https://cdn.jsdelivr.net/npm/reveal.js@${REVEAL_VERSION}/dist/`;

const WORDS = {
  es: {
    keys: 'Haz clic en el laboratorio (o llega con Tab) para darle las teclas: Espacio reproduce o pausa, ← y → van de un momento al siguiente, Inicio vuelve al principio, ? las lista. Escape devuelve las teclas a la presentación.',
    slides: (n) => `${n} escenarios, uno por diapositiva.`,
  },
  en: {
    keys: 'Click the lab (or Tab into it) to give it the keys: Space plays or pauses, ← and → go from one moment to the next, Home goes back to the start, ? lists them. Escape gives the keys back to the deck.',
    slides: (n) => `${n} scenarios, one per slide.`,
  },
};

/** A slide's lab: lazily loaded by reveal.js (`data-src`), sized and kept
 * within its slide by retry-lab-frame.js. */
const slide = ({ label, src, title }) => `      <section>
        <h3>${escapeMarkup(label)}</h3>
        <iframe data-retry-lab-frame title="${escapeMarkup(title)}" data-src="${escapeMarkup(src)}" width="100%" height="600" sandbox="allow-scripts allow-same-origin"></iframe>
      </section>`;

/**
 * The deck's HTML: `scenarios` are `{ label, src }`; `frameScript` is the
 * lab's retry-lab-frame.js, `icon` its favicon; `theme` is reveal.js's
 * (`white` or `black`).
 */
export function deckHtml({ title, lesson, lang, scenarios, frameScript, icon, frameTitle, theme = 'white' }) {
  const words = WORDS[lang] ?? WORDS.en;
  const slides = scenarios.map((s) => slide({ ...s, title: `${frameTitle}: ${s.label}` }));
  return `<!doctype html>
<html lang="${escapeMarkup(lang)}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeMarkup(title)} · Retry Lab</title>
    <link rel="icon" href="${escapeMarkup(icon)}" type="image/svg+xml" />
    <link rel="stylesheet" href="${REVEAL_BASE}reveal.css" />
    <link rel="stylesheet" href="${REVEAL_BASE}theme/${theme}.css" />
  </head>
  <body>
    <div class="reveal"><div class="slides">
      <section>
        <h2>${escapeMarkup(title)}</h2>
        <p>${escapeMarkup(lesson)}</p>
        <p><small>${escapeMarkup(words.slides(scenarios.length))} ${escapeMarkup(words.keys)}</small></p>
      </section>
${slides.join('\n')}
    </div></div>
    <script src="${REVEAL_BASE}reveal.js"></script>
    <script>Reveal.initialize({ hash: true, width: 1280, height: 720 });</script>
    <script src="${escapeMarkup(frameScript)}"></script>
  </body>
</html>
`;
}
