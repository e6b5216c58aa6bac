// Retry Lab's SCORM 1.2 launch page (the builder packs it with its
// index.html). It embeds the chosen experiment, finds the LMS's API the
// standard way (up the parents, then the opener's), gives the lab the tasks
// the LMS recorded for this learner (`done=`, from cmi.suspend_data; always
// present inside an LMS, even empty, so the lab keeps the browser's own
// storage out of it: on a shared computer one learner's tasks never reach
// the next), and turns the lab's `retry-lab:progress` messages into
// cmi.core.score.raw (0–100) and cmi.core.lesson_status (incomplete →
// completed when every chosen task is done; with no task to do, completed
// at once and no score), committing on each change, and sets
// cmi.core.session_time before finishing on unload. Only messages from its
// own frame, from the lab's origin, of format version 1, are read. The lab's
// address is the package's config.js's, its one setting.
const frame = document.getElementById('lab');
const note = document.getElementById('note');
const TEXT = {
  es: {
    noApi: 'No hay LMS alrededor de esta página: el laboratorio funciona, pero tu progreso no se registra.',
    corrupt: 'Los datos que el LMS guardó de este laboratorio no se pudieron leer: empiezas de cero.',
    saved: (done, total) => `Progreso registrado en el curso: ${done} de ${total} tareas.`,
    badConfig:
      'La dirección del laboratorio en config.js no es válida (debe empezar por https:// o http://): pide a quien administra el curso que la corrija.',
  },
  en: {
    noApi: 'No LMS around this page: the lab works, but your progress is not recorded.',
    corrupt: 'What the LMS saved of this lab could not be read: you start afresh.',
    saved: (done, total) => `Progress recorded in the course: ${done} of ${total} tasks.`,
    badConfig:
      "The lab's address in config.js is not valid (it must start with https:// or http://): ask the course's administrator to correct it.",
  },
}[document.documentElement.lang === 'en' ? 'en' : 'es'];
/** cmi.suspend_data: this format's mark, then `experiment/task` entries. */
const SUSPEND = 'retry-lab 1 ';
const SUSPEND_MAX = 4096; // SCORM 1.2's limit on cmi.suspend_data
const ENTRY = /^[a-z0-9-]{1,40}\/[a-z0-9-]{1,60}$/;

function say(text) {
  note.textContent = text;
  note.hidden = false;
}

/** The ADL's search: this window and its parents (a few levels), then the opener's. */
function findApi(start) {
  let win = start;
  for (let level = 0; win && level < 10; level += 1) {
    try {
      if (win.API && typeof win.API.LMSInitialize === 'function') return win.API;
    } catch {
      // A parent of another origin: not the LMS's frame, look further up.
    }
    if (win.parent === win) break;
    win = win.parent;
  }
  return null;
}

/** The tasks the LMS recorded, or null when what it holds is not ours. */
function readSuspend(saved) {
  if (saved === '') return [];
  if (!saved.startsWith(SUSPEND)) return null;
  const entries = saved
    .slice(SUSPEND.length)
    .split(',')
    .filter((entry) => entry !== '');
  return entries.every((entry) => ENTRY.test(entry)) ? entries : null;
}

/** config.js's address, if it is a web address; null otherwise. */
function labAddress() {
  try {
    const url = new URL(String(window.RETRY_LAB_CONFIG?.src ?? ''));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

const url = labAddress();
const origin = url?.origin;
const api = findApi(window) ?? (window.opener ? findApi(window.opener) : null);
let done = [];
if (api) {
  api.LMSInitialize('');
  done = readSuspend(String(api.LMSGetValue('cmi.suspend_data') ?? ''));
  if (done === null) {
    done = [];
    say(TEXT.corrupt);
  }
  if (api.LMSGetValue('cmi.core.lesson_status') !== 'completed') api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
  api.LMSSetValue('cmi.core.exit', 'suspend');
  api.LMSCommit('');
} else {
  say(TEXT.noApi);
}
// The builder never writes done= into a package; this learner's record does.
if (url) {
  if (api) url.searchParams.set('done', done.join(','));
  frame.src = url.href;
} else {
  say(TEXT.badConfig);
  frame.hidden = true;
}
const started = Date.now();

let last = '';
function record(message) {
  const { done: count, total, tasks } = message;
  if (![count, total].every(Number.isInteger) || count < 0 || total < 0 || count > total || total > 1000) return;
  if (!Array.isArray(tasks) || tasks.length > 1000) return;
  const entries = tasks.filter((task) => typeof task === 'string' && ENTRY.test(task));
  let suspend = SUSPEND + entries.join(',');
  while (suspend.length > SUSPEND_MAX) {
    entries.pop();
    suspend = SUSPEND + entries.join(',');
  }
  // Nothing to do (tasks=off): opening it completes it, with no score.
  const score = total === 0 ? '' : String(Math.round((100 * count) / total));
  if (!api || `${score} ${suspend}` === last) return;
  last = `${score} ${suspend}`;
  if (score !== '') {
    api.LMSSetValue('cmi.core.score.min', '0');
    api.LMSSetValue('cmi.core.score.max', '100');
    api.LMSSetValue('cmi.core.score.raw', score);
  }
  // The lab's list only grows (what the LMS handed in stays in it), but
  // for a clear the learner confirmed, which says the course's record
  // changes too: the status follows the list.
  api.LMSSetValue('cmi.core.lesson_status', count === total ? 'completed' : 'incomplete');
  api.LMSSetValue('cmi.suspend_data', suspend);
  api.LMSCommit('');
  if (note.textContent !== TEXT.corrupt) say(TEXT.saved(count, total));
}

addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== origin) return;
  const message = event.data;
  if (message === null || typeof message !== 'object' || message.version !== 1) return;
  if (message.type === 'retry-lab:resize' && Number.isFinite(message.height) && message.height > 0) {
    frame.style.height = `${Math.min(Math.ceil(message.height), 20000)}px`;
  } else if (message.type === 'retry-lab:progress') {
    record(message);
  }
});

/** SCORM 1.2's CMITimespan: HHHH:MM:SS.SS. */
function timespan(ms) {
  const cs = Math.min(Math.round(ms / 10), 9999 * 360000 + 359999);
  const pad = (n, width) => String(n).padStart(width, '0');
  const [h, m, s, c] = [Math.floor(cs / 360000), Math.floor(cs / 6000) % 60, Math.floor(cs / 100) % 60, cs % 100];
  return `${pad(h, 4)}:${pad(m, 2)}:${pad(s, 2)}.${pad(c, 2)}`;
}

let finished = false;
addEventListener('pagehide', () => {
  if (api && !finished) {
    finished = true;
    api.LMSSetValue('cmi.core.session_time', timespan(Date.now() - started));
    api.LMSCommit('');
    api.LMSFinish('');
  }
});
