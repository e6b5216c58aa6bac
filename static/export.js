// "Exportar esta ejecución": the run a lab's link describes, as files. The
// lab's page links here with its link and its directory; this page loads
// that lesson group's export module (Rust, no Yew: dist/<dir>/export/),
// which rebuilds the run from the link and writes JSON and CSV. Downloads
// are Blobs: nothing leaves the browser. Loaded only when a learner asks.
import { readToolLink, download } from './tool-link.js';

const { query, runDir: dir, lang, root, title, scenario } = readToolLink(location.search);
const link = query.toString();
const pageUrl = new URL(dir, root);
const shareUrl = `${pageUrl.href}?${link}`;

const TEXT = {
  es: {
    title: 'Exportar una ejecución',
    intro:
      'La ejecución de tu enlace, en archivos: JSON con todo, y un CSV por tabla. Cada archivo trae la semilla, los parámetros y el enlace que la reproducen.',
    loading: 'Calculando la ejecución…',
    ready: (n) => (n === 1 ? 'Listo: 1 tabla.' : `Listo: ${n} tablas.`),
    failed: 'No se pudo cargar el módulo de exportación.',
    unknown: (code) => `El enlace pide el experimento «${code}», que el laboratorio no tiene: no hay nada que exportar.`,
    experiment: 'Experimento',
    scenario: 'Escenario',
    moment: 'Momento',
    seed: 'Semilla',
    link: 'Enlace',
    back: 'Volver al laboratorio',
    momentText: (at) => `${at} s de simulación: las tablas son la ejecución hasta ese momento; «totals», la ejecución completa.`,
    rows: (n) => (n === 0 ? 'sin filas' : n === 1 ? '1 fila' : `${n.toLocaleString('es')} filas`),
    shown: (n, total) =>
      total === 0
        ? 'Vacía en esta ejecución.'
        : n === total
          ? total === 1
            ? 'Se muestra su única fila.'
            : `Se muestran las ${total}.`
          : `Se muestran las primeras ${n} de ${total.toLocaleString('es')}.`,
  },
  en: {
    title: 'Export a run',
    intro:
      "Your link's run, as files: a JSON with everything, and a CSV per table. Each file holds the seed, the parameters and the link that reproduce it.",
    loading: 'Computing the run…',
    ready: (n) => (n === 1 ? 'Ready: 1 table.' : `Ready: ${n} tables.`),
    failed: 'The export module could not load.',
    unknown: (code) => `The link asks for the experiment “${code}”, which the lab does not have: nothing to export.`,
    experiment: 'Experiment',
    scenario: 'Scenario',
    moment: 'Moment',
    seed: 'Seed',
    link: 'Link',
    back: 'Back to the lab',
    momentText: (at) => `${at} simulated s: the tables are the run up to then; “totals”, the whole run.`,
    rows: (n) => (n === 0 ? 'no rows' : n === 1 ? '1 row' : `${n.toLocaleString('en')} rows`),
    shown: (n, total) =>
      total === 0
        ? 'Empty in this run.'
        : n === total
          ? total === 1
            ? 'Showing its only row.'
            : `Showing all ${total}.`
          : `Showing the first ${n} of ${total.toLocaleString('en')}.`,
  },
}[lang];

const $ = (id) => document.getElementById(id);
/** A link this page will not export, with the reason for the learner. */
class Refused extends Error {}
document.documentElement.lang = lang;
document.title = `${TEXT.title} · Retry Lab`;
$('export-title').textContent = TEXT.title;
$('export-intro').textContent = TEXT.intro;
$('back').textContent = TEXT.back;
$('back').href = shareUrl;
$('export-status').textContent = TEXT.loading;

function button(label, onClick) {
  const b = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
  b.addEventListener('click', onClick);
  $('export-buttons').append(b, ' ');
}

function preview(table) {
  const PREVIEW_ROWS = 10;
  const section = document.createElement('section');
  const heading = Object.assign(document.createElement('h2'), { textContent: `${table.name} · ${TEXT.rows(table.rows.length)}` });
  const grid = document.createElement('table');
  grid.createCaption().textContent = TEXT.shown(Math.min(PREVIEW_ROWS, table.rows.length), table.rows.length);
  const head = grid.createTHead().insertRow();
  for (const column of table.columns) head.append(Object.assign(document.createElement('th'), { scope: 'col', textContent: column }));
  const body = grid.createTBody();
  for (const row of table.rows.slice(0, PREVIEW_ROWS)) {
    const tr = body.insertRow();
    for (const cell of row) {
      const td = tr.insertCell();
      td.textContent = cell;
      if (/^-?\d+(\.\d+)?$/.test(cell)) td.className = 'num';
    }
  }
  // A wide table scrolls in its own box: the page keeps the phone's width.
  const scroll = Object.assign(document.createElement('div'), { className: 'table-scroll', tabIndex: 0 });
  scroll.setAttribute('role', 'region');
  scroll.setAttribute('aria-label', table.name);
  scroll.append(grid);
  section.append(heading, scroll);
  $('export-tables').append(section);
}

try {
  const base = new URL(`${dir}export/`, root);
  const module = await import(new URL('retry-lab-export.js', base).href);
  await module.default({ module_or_path: new URL('retry-lab-export_bg.wasm', base) });
  const json = module.export_json(link, shareUrl);
  const run = JSON.parse(json);
  const experimentAsked = query.get('only') ?? query.get('exp');
  if (experimentAsked !== null && run.experiment !== experimentAsked) throw new Refused(TEXT.unknown(experimentAsked.slice(0, 40)));
  // In the learner's words: the experiment's title, its scenario, the moment the tables stop at.
  const at = query.get('at');
  const rows = [
    [TEXT.experiment, title ? `${title} (${run.experiment})` : run.experiment],
    [TEXT.scenario, scenario],
    [TEXT.moment, at && /^\d+(\.\d+)?$/.test(at) ? TEXT.momentText(Number(at).toLocaleString(lang)) : ''],
    [TEXT.seed, String(run.seed)],
    [TEXT.link, run.link],
  ].filter(([, value]) => value);
  for (const [term, value] of rows) {
    $('export-meta').append(
      Object.assign(document.createElement('dt'), { textContent: term }),
      Object.assign(document.createElement('dd'), { textContent: value }),
    );
  }
  button('JSON', () => download(`retry-lab-${run.experiment}-seed-${run.seed}.json`, 'application/json', json));
  run.tables.forEach((table, index) => {
    button(`CSV: ${table.name}`, () => {
      const [name, ...lines] = module.export_csv(link, shareUrl, index).split('\n');
      download(name, 'text/csv', lines.join('\n'));
    });
    preview(table);
  });
  $('export-status').textContent = TEXT.ready(run.tables.length);
} catch (error) {
  $('export-status').textContent = error instanceof Refused ? error.message : `${TEXT.failed} (${error})`;
}
