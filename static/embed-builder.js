// "Insertar este experimento": what an author pastes or uploads, built from
// the link of the lab the author came from (the lab's "Embed this" link
// carries it, the whole page's link, its directory, and the open
// experiment's locks and tasks in the page's words). Every snippet opens the
// same lab: compact, sandboxed with the two flags the lab needs, with the
// options ticked here. Plain DOM: authors only, loaded only when an author
// opens this page, never with a learner's; the SCORM package's code and zip
// library load only when asked for.
import { download, escapeMarkup, readToolLink } from './tool-link.js';
import { LINK_KEYS, PAGE_OF_CODE, PAGE_OF_KEY, SHARED_KEYS } from './lab-registry.js';

const tool = readToolLink(location.search);
const { locks, tasks, presets, title, lesson, scenario, lang, root, pageUrl } = tool;

/** The keys a lab reads (the registry's, from lab-registry.js); `hop` is
 * the pages' own mark, never an author's, and `done` a learner's progress
 * (an LMS's record of one learner), never baked into what many learners open. */
const known = (key) => (LINK_KEYS.has(key) && key !== 'hop' && key !== 'done') || SHARED_KEYS.has(key) || PAGE_OF_KEY.has(key);
/** A lab's link with only the keys a lab defines: a snippet holds nothing
 * else (an unknown key would become an attribute name in the author's page). */
const clean = (query) => new URLSearchParams([...query].filter(([key]) => known(key)));
const query = clean(tool.query);
const pageQuery = clean(tool.pageQuery);
const dropped = [...new Set([...tool.query.keys()].filter((key) => !known(key)))];
const experiment = PAGE_OF_CODE.has(query.get('exp') ?? '') ? query.get('exp') : null;
/** The lab reads `host=` failing closed: anything but one `on`/`off` is off. */
const hostValues = query.getAll('host');
const hostOff = hostValues.length > 1 || (hostValues.length === 1 && hostValues[0].toLowerCase() !== 'on');

const TEXT = {
  es: {
    title: 'Insertar un experimento',
    intro:
      'Copia uno de los fragmentos en tu curso, o descarga un paquete SCORM para tu LMS: abren el laboratorio tal como lo dejaste, en su vista compacta.',
    view: 'Vista',
    only: 'Solo este experimento (sin pestañas)',
    tasksOff: 'Sin tareas guiadas',
    locks: 'Parámetros fijos (se ven, no se cambian)',
    tasks: 'Tareas guiadas que verá',
    iframe: 'Con un iframe',
    theme: 'Tema',
    themeAuto: 'Automático: el de tu página con el script; el del sistema en un iframe',
    themeLight: 'Claro',
    themeDark: 'Oscuro',
    iframeNote:
      'Aislado de tu página. El módulo que lo acompaña (servido por el laboratorio, sin script en línea: vale con una CSP que permita esta dirección) ajusta la altura de cada iframe a la de su laboratorio y, en una diapositiva de reveal.js, lo deja dentro de ella con barra de desplazamiento. Si tu plataforma pone sandbox al iframe, necesita allow-scripts y allow-same-origin: sin el segundo, el laboratorio no puede leer sus propios archivos.',
    script: 'Con un script en tu página',
    scriptNote:
      'Se monta en tu página, aislado de sus estilos y con su tema claro u oscuro; varios laboratorios pueden convivir, y los que tu sitio añade o quita al navegar se montan o se cierran solos.',
    scorm: 'Paquete SCORM 1.2 para un LMS',
    scormNote:
      'Un .zip para Moodle, Canvas u Open edX: muestra este experimento y registra en el curso las tareas completadas (nota de 0 a 100, «completado» al terminar todas) y el tiempo de cada sesión. El laboratorio se sigue sirviendo desde esta dirección, escrita en un solo sitio del paquete (config.js), que puedes cambiar después de subirlo.',
    scormButton: 'Descargar el paquete SCORM (.zip)',
    h5p: 'Paquete H5P (actividad H5P de Moodle)',
    h5pNote:
      'Un .h5p con su propia biblioteca (H5P.RetryLab): enmarca este experimento y envía al LMS una sentencia xAPI con nota (tareas completadas sobre tareas mostradas) cada vez que el estudiante completa una; el avance de cada estudiante lo guarda la plataforma.',
    h5pButton: 'Descargar el paquete H5P (.h5p)',
    deck: 'Presentación reveal.js: un escenario por diapositiva',
    deckNote:
      'Un solo archivo .html para clase: una portada con las teclas y, en cada diapositiva, este experimento abierto en uno de sus escenarios, en la vista de proyector. Carga reveal.js desde jsDelivr y el laboratorio desde esta dirección. Las teclas van al laboratorio solo cuando tiene el foco; Escape se las devuelve a la presentación.',
    deckButton: 'Descargar la presentación (.html)',
    deckReady: (n) => `Presentación lista (${n} diapositivas de escenarios).`,
    packageBusy: 'Preparando el paquete…',
    packageReady: (kb) => `Paquete listo (${kb} KB).`,
    packageFailed: 'No se pudo preparar el paquete.',
    copy: 'Copiar',
    copied: 'Copiado.',
    failed: 'No se pudo copiar: selecciona el texto y cópialo.',
    preview: 'Vista previa',
    back: 'Volver al laboratorio',
    noExperiment: 'Abre esta página desde el enlace «Insertar este experimento» de un laboratorio.',
    dropped:
      'Se omitieron de los fragmentos y del paquete estas claves (las que el laboratorio no conoce, y done: el avance de un estudiante nunca va en lo que abren muchos):',
    scormHostOff:
      'Este enlace lleva host=off: un laboratorio que no habla con la página que lo contiene no puede informar al LMS, así que no se prepara el paquete. Vuelve al laboratorio desde un enlace sin host=off.',
    scormNoTasks: 'Sin tareas guiadas: el paquete marca la actividad como completada en cuanto se abre, sin nota.',
    frameTitle: (name) => `Experimento: ${name}`,
    pageTitle: 'Laboratorio de la lección',
    local: (host) =>
      `Esta dirección (${host}) solo funciona en este ordenador: publica el laboratorio en un servidor antes de usar estos fragmentos o el paquete.`,
    fixed: (names) => `fijos: ${names}`,
    sees: (name, scenarioName) => `El estudiante verá «${name}»${scenarioName ? `, escenario «${scenarioName}»` : ''}`,
    seesPage: (scenarioName) =>
      `El estudiante verá todo el laboratorio de esta página, con sus pestañas${scenarioName ? `, empezando por el escenario «${scenarioName}»` : ''}`,
    tasksSeen: (n) => (n === 0 ? 'sin tareas guiadas' : n === 1 ? '1 tarea guiada' : `${n} tareas guiadas`),
  },
  en: {
    title: 'Embed an experiment',
    intro:
      'Copy a snippet into your course, or download a SCORM package for your LMS: each opens the lab as you left it, in its compact view.',
    view: 'View',
    only: 'This experiment only (no tabs)',
    tasksOff: 'Without guided tasks',
    locks: 'Fixed parameters (shown, not changeable)',
    tasks: 'Guided tasks shown',
    iframe: 'With an iframe',
    theme: 'Theme',
    themeAuto: "Automatic: your page's with the script; the system's in an iframe",
    themeLight: 'Light',
    themeDark: 'Dark',
    iframeNote:
      "Isolated from your page. The module beside it (served by the lab, no inline script: it works under a CSP that allows this address) fits each frame's height to its lab and, in a reveal.js slide, keeps it within the slide with a scrollbar. If your platform sandboxes iframes, it needs allow-scripts and allow-same-origin: without the second, the lab cannot read its own files.",
    script: 'With a script in your page',
    scriptNote:
      'Mounted in your page, isolated from its styles and following its light or dark theme; several labs can live side by side, and those your site adds or removes as it navigates mount or end by themselves.',
    scorm: 'SCORM 1.2 package for an LMS',
    scormNote:
      'A .zip for Moodle, Canvas or Open edX: it shows this experiment and records in the course the tasks completed (a score from 0 to 100, “completed” when all are done) and each session’s time. The lab is still served from this address, written in one place of the package (config.js), which you can change after uploading it.',
    scormButton: 'Download the SCORM package (.zip)',
    h5p: "H5P package (Moodle's H5P activity)",
    h5pNote:
      "An .h5p with its own library (H5P.RetryLab): it frames this experiment and sends the LMS a scored xAPI statement (tasks done over tasks shown) each time the learner completes one; each learner's progress is kept by the platform.",
    h5pButton: 'Download the H5P package (.h5p)',
    deck: 'reveal.js deck: one scenario per slide',
    deckNote:
      'A single .html file for class: a title slide with the keys and, on each slide, this experiment opened on one of its scenarios, in the projector view. It loads reveal.js from jsDelivr and the lab from this address. Keys go to the lab only while it has focus; Escape gives them back to the deck.',
    deckButton: 'Download the deck (.html)',
    deckReady: (n) => `Deck ready (${n} scenario slides).`,
    packageBusy: 'Building the package…',
    packageReady: (kb) => `Package ready (${kb} KB).`,
    packageFailed: 'The package could not be built.',
    copy: 'Copy',
    copied: 'Copied.',
    failed: 'Could not copy: select the text and copy it.',
    preview: 'Preview',
    back: 'Back to the lab',
    noExperiment: "Open this page from a lab's “Embed this experiment” link.",
    dropped:
      "These keys were left out of the snippets and the package (those the lab does not know, and done: one learner's progress never goes into what many open):",
    scormHostOff:
      'This link carries host=off: a lab that does not talk to the page around it cannot report to the LMS, so no package is built. Come back from a lab link without host=off.',
    scormNoTasks: 'No guided tasks: the package marks the activity completed as soon as it is opened, with no score.',
    frameTitle: (name) => `Experiment: ${name}`,
    pageTitle: "The lesson's lab",
    local: (host) =>
      `This address (${host}) only works on this computer: publish the lab on a server before using these snippets or the package.`,
    fixed: (names) => `fixed: ${names}`,
    sees: (name, scenarioName) => `The learner will see “${name}”${scenarioName ? `, scenario “${scenarioName}”` : ''}`,
    seesPage: (scenarioName) =>
      `The learner will see this page's whole lab, with its tabs${scenarioName ? `, starting on the scenario “${scenarioName}”` : ''}`,
    tasksSeen: (n) => (n === 0 ? 'no guided tasks' : n === 1 ? '1 guided task' : `${n} guided tasks`),
  },
}[lang];

const $ = (id) => document.getElementById(id);
document.documentElement.lang = lang;
for (const [id, key] of [
  ['builder-title', 'title'],
  ['builder-intro', 'intro'],
  ['legend-view', 'view'],
  ['label-only', 'only'],
  ['label-tasks-off', 'tasksOff'],
  ['legend-theme', 'theme'],
  ['label-theme-auto', 'themeAuto'],
  ['label-theme-light', 'themeLight'],
  ['label-theme-dark', 'themeDark'],
  ['legend-locks', 'locks'],
  ['legend-tasks', 'tasks'],
  ['iframe-heading', 'iframe'],
  ['iframe-note', 'iframeNote'],
  ['script-heading', 'script'],
  ['script-note', 'scriptNote'],
  ['scorm-heading', 'scorm'],
  ['scorm-note', 'scormNote'],
  ['scorm-download', 'scormButton'],
  ['h5p-heading', 'h5p'],
  ['h5p-note', 'h5pNote'],
  ['h5p-download', 'h5pButton'],
  ['deck-heading', 'deck'],
  ['deck-note', 'deckNote'],
  ['deck-download', 'deckButton'],
  ['preview-heading', 'preview'],
  ['back', 'back'],
  ['label-snippet-iframe', 'iframe'],
  ['label-snippet-script', 'script'],
]) {
  $(id).textContent = TEXT[key];
}
document.title = `${TEXT.title} · Retry Lab`;
$('back').href = `${pageUrl.href}?${query}`;
if (!experiment) $('builder-intro').textContent = TEXT.noExperiment;
if (dropped.length) {
  // Shown as text (never markup), shortened: the keys came from a link.
  $('dropped').textContent = `${TEXT.dropped} ${dropped
    .map((key) => key.slice(0, 40))
    .join(', ')
    .slice(0, 400)}`;
  $('dropped').hidden = false;
}

/** A checkbox per choice, labelled by its on-screen words (its code is its value). */
function choices(list, items, checked) {
  for (const [code, words] of items) {
    const item = document.createElement('li');
    item.innerHTML = '<label><input type="checkbox" /> <span></span></label>';
    Object.assign(item.querySelector('input'), { value: code, checked });
    item.querySelector('span').textContent = words;
    list.append(item);
  }
}
choices($('locks'), locks, false);
// The lab's own theme= (a lab opened dark) is the builder's first choice.
const themeOf = (value) => (['light', 'dark'].includes(value) ? value : 'auto');
for (const input of document.querySelectorAll('input[name=theme]')) input.checked = input.value === themeOf(query.get('theme'));
const themeChosen = () => document.querySelector('input[name=theme]:checked')?.value ?? 'auto';
choices($('tasks'), tasks, true);
const ticked = (list) => [...list.querySelectorAll('input:checked')].map((input) => input.value);

/** The embedded lab's link: the author's lab, compact, with the ticked options. */
function embedQuery({ only = $('opt-only').checked } = {}) {
  const link = new URLSearchParams(only || !experiment ? query : pageQuery);
  for (const key of ['embed', 'only', 'lock', 'tasks', 'theme']) link.delete(key);
  link.set('embed', '1');
  link.set('theme', themeChosen());
  if (only && experiment) link.set('only', experiment);
  const lockList = ticked($('locks'));
  if (lockList.length) link.set('lock', lockList.join(','));
  // The task list is this experiment's: it filters a lab of this experiment only.
  const taskList = ticked($('tasks'));
  if ($('opt-tasks-off').checked || (only && tasks.length && taskList.length === 0)) link.set('tasks', 'off');
  else if (only && taskList.length < tasks.length) link.set('tasks', taskList.join(','));
  return link;
}

const frameTitle = TEXT.frameTitle(title || 'Retry Lab');
// A lab served from this computer cannot be reached from a course: say so.
if (/^(localhost|127\.|\[::1\]|0\.0\.0\.0)/.test(pageUrl.hostname)) {
  $('dropped').textContent = [$('dropped').hidden ? '' : $('dropped').textContent, TEXT.local(pageUrl.host)].filter(Boolean).join(' ');
  $('dropped').hidden = false;
}

/** A snippet's own id (an anchor for the author's page): random, so two
 * snippets of one experiment, from two visits, never share one. Resizing
 * needs none: retry-lab-frame.js knows each frame by its window. */
function snippetId() {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `retry-lab-${experiment ?? 'lab'}-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** No inline script or style (MDX and a strict CSP refuse them): the
 * width and height attributes hold until retry-lab-frame.js sizes it. */
function iframeSnippet(src, titled, id) {
  return `<iframe id="${id}" data-retry-lab-frame title="${escapeMarkup(titled)}" src="${escapeMarkup(src)}" width="100%" height="720" loading="lazy" sandbox="allow-scripts allow-same-origin"></iframe>
<script src="${escapeMarkup(new URL('retry-lab-frame.js', root).href)}"></script>`;
}

const id = snippetId();

function render() {
  const link = embedQuery();
  const src = `${pageUrl.href}?${link}`;
  const one = link.has('only') || !experiment;
  const titled = one ? frameTitle : TEXT.pageTitle;
  $('snippet-iframe').value = iframeSnippet(src, titled, id);
  // data-experiment is `only`; data-ack-lost is `ack_lost` (the lab reads them back so).
  // Every key here is one of the lab's ([a-z0-9_], from the registry).
  const attributes = [...link]
    .filter(([key]) => known(key) && !(key === 'exp' && link.has('only')))
    .map(([key, value]) => ` data-${key === 'only' ? 'experiment' : key.replace(/_/g, '-')}="${escapeMarkup(value)}"`)
    .join('');
  $('snippet-script').value =
    `<div data-retry-lab${attributes}></div>\n<script type="module" src="${escapeMarkup(new URL('embed.js', root).href)}"></script>`;
  $('preview').title = `${TEXT.preview}: ${titled}`;
  if ($('preview').getAttribute('src') !== src) $('preview').src = src;
  const shown = link.get('tasks') === 'off' ? 0 : link.has('tasks') ? link.get('tasks').split(',').length : tasks.length;
  const lockNames = locks.filter(([code]) => ticked($('locks')).includes(code)).map(([, words]) => words);
  const parts = [one ? TEXT.sees(title || 'Retry Lab', scenario) : TEXT.seesPage(scenario), TEXT.tasksSeen(shown)];
  if (lockNames.length) parts.push(TEXT.fixed(lockNames.join(', ')));
  $('learner-sees').textContent = `${parts.join('; ')}.`;
  // No guided tasks, or a whole page (its tabs' own tasks): no list to choose from.
  $('tasks-fieldset').hidden = tasks.length === 0 || $('opt-tasks-off').checked || !one;
  renderScormCaveat();
}

/** What a package of these choices could not do, said before it is built:
 * one that cannot report is refused; one with nothing to do completes on opening. */
function renderScormCaveat() {
  const packaged = embedQuery({ only: true });
  const noTasks = tasks.length === 0 || packaged.get('tasks') === 'off';
  const caveat = hostOff ? TEXT.scormHostOff : noTasks ? TEXT.scormNoTasks : '';
  for (const kind of ['scorm', 'h5p']) {
    $(`${kind}-caveat`).textContent = caveat;
    $(`${kind}-caveat`).hidden = caveat === '';
    $(`${kind}-download`).disabled = !experiment || hostOff;
  }
}

function copyButton(button, textarea, status, heading) {
  $(button).textContent = `${TEXT.copy}: ${$(heading).textContent}`;
  $(button).addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($(textarea).value);
      $(status).textContent = TEXT.copied;
    } catch {
      $(textarea).select();
      $(status).textContent = TEXT.failed;
    }
  });
}

/** A package of this experiment alone (the LMS records its tasks), as
 * ticked: `build` gets its address and title and returns the zip's bytes. */
async function downloadPackage(kind, extension, build) {
  $(`status-${kind}`).textContent = TEXT.packageBusy;
  try {
    const src = `${pageUrl.href}?${embedQuery({ only: true })}`;
    const bytes = await build({ src, title: frameTitle, lang, identifier: `retry-lab-${experiment ?? 'lab'}` });
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/zip' }));
    Object.assign(document.createElement('a'), { href: url, download: `retry-lab-${experiment ?? 'lab'}${extension}` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    $(`status-${kind}`).textContent = TEXT.packageReady(Math.ceil(bytes.length / 1024));
  } catch (error) {
    $(`status-${kind}`).textContent = `${TEXT.packageFailed} (${String(error).slice(0, 200)})`;
  }
}

const text = (path) =>
  fetch(new URL(path, root)).then((response) => {
    if (!response.ok) throw new Error(`${response.status} ${path}`);
    return response.text();
  });

async function scorm(choices) {
  const [{ scormZip }, launchJs, launchCss] = await Promise.all([
    import('./scorm-package.js'),
    text('scorm/launch.js'),
    text('scorm/launch.css'),
  ]);
  return scormZip({ ...choices, launchJs, launchCss });
}

async function h5p(choices) {
  const { h5pZip, LIBRARY, LIBRARY_FILES } = await import('./h5p-package.js');
  const files = await Promise.all(LIBRARY_FILES.map((name) => text(`h5p/${LIBRARY}/${name}`)));
  return h5pZip({ ...choices, library: Object.fromEntries(LIBRARY_FILES.map((name, i) => [name, files[i]])) });
}

/** A scenario's slide: the lab as ticked here (view, theme, locks, tasks),
 * opened on the scenario alone: none of the experiment's values, so the
 * slide shows what its name says. */
function scenarioSrc(code) {
  const link = embedQuery({ only: true });
  for (const key of [...link.keys()]) {
    if (PAGE_OF_KEY.has(key) || SHARED_KEYS.has(key) || key === 'at') link.delete(key);
  }
  link.set('preset', code);
  link.set('view', 'projector');
  return `${pageUrl.href}?${link}`;
}

async function downloadDeck() {
  const { deckHtml } = await import('./deck-package.js');
  const html = deckHtml({
    title: title || 'Retry Lab',
    lesson,
    lang,
    scenarios: presets.map(([code, label]) => ({ label, src: scenarioSrc(code) })),
    frameScript: new URL('retry-lab-frame.js', root).href,
    icon: new URL('favicon.svg', root).href,
    frameTitle: TEXT.frameTitle(title || 'Retry Lab'),
    theme: themeChosen() === 'dark' ? 'black' : 'white',
  });
  download(`retry-lab-${experiment}-deck.html`, 'text/html', html);
  $('status-deck').textContent = TEXT.deckReady(presets.length);
}

$('builder-options').addEventListener('change', render);
copyButton('copy-iframe', 'snippet-iframe', 'status-iframe', 'iframe-heading');
copyButton('copy-script', 'snippet-script', 'status-script', 'script-heading');
$('scorm-download').addEventListener('click', () => downloadPackage('scorm', '-scorm12.zip', scorm));
$('h5p-download').addEventListener('click', () => downloadPackage('h5p', '.h5p', h5p));
$('deck-download').addEventListener('click', downloadDeck);
$('deck-download').disabled = !experiment || presets.length === 0;
render();
