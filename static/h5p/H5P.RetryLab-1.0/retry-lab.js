// H5P.RetryLab: one experiment of Retry Lab in an H5P activity (Moodle's
// H5P activity, any H5P player). It frames the lab (its address in the
// content's `src`, written by the lab's builder), and turns the lab's
// `retry-lab:progress` messages into H5P xAPI events with a score (tasks
// done of tasks shown): `answered` while some are left, `completed` when
// all are done. The tasks the player saved for this learner
// (`previousState`, H5P's content state) go to the lab as `done=`, always
// (even empty), so the learner's record is the player's and the browser's
// own storage stays out, as in the SCORM package. Only messages from its own
// frame, from the lab's origin, of format version 1, are read.
// biome-ignore lint/correctness/noInvalidUseBeforeDeclaration: H5P's own global, extended as its libraries do.
var H5P = H5P || {};

H5P.RetryLab = ((EventDispatcher) => {
  const ENTRY = /^[a-z0-9-]{1,40}\/[a-z0-9-]{1,60}$/;
  const MAX_HEIGHT_PX = 20000;

  /** The lab's address, if it is a web address. */
  function address(src) {
    try {
      const url = new URL(String(src || ''));
      return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
    } catch {
      return null;
    }
  }

  function RetryLab(params, contentId, extras) {
    EventDispatcher.call(this);
    this.params = params || {};
    this.contentId = contentId;
    const saved = extras?.previousState?.done;
    this.done = Array.isArray(saved) ? saved.filter((entry) => ENTRY.test(entry)) : [];
    this.score = this.done.length;
    this.maxScore = 0;
    this.last = null;
  }

  RetryLab.prototype = Object.create(EventDispatcher.prototype);
  RetryLab.prototype.constructor = RetryLab;

  RetryLab.prototype.attach = function ($container) {
    const container = $container.get(0);
    container.classList.add('h5p-retry-lab');
    const url = address(this.params.src);
    if (!url) {
      const note = document.createElement('p');
      note.className = 'h5p-retry-lab-note';
      note.setAttribute('role', 'alert');
      note.textContent = 'Retry Lab: the address in this content is not a web address (https://…).';
      container.replaceChildren(note);
      return;
    }
    url.searchParams.set('done', this.done.join(','));
    const frame = document.createElement('iframe');
    frame.className = 'h5p-retry-lab-frame';
    frame.title = this.params.title || 'Retry Lab';
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    frame.src = url.href;
    container.replaceChildren(frame);
    window.addEventListener('message', (event) => {
      if (event.source !== frame.contentWindow || event.origin !== url.origin) return;
      const message = event.data;
      if (message === null || typeof message !== 'object' || message.version !== 1) return;
      if (message.type === 'retry-lab:resize' && Number.isFinite(message.height) && message.height > 0) {
        frame.style.height = Math.min(Math.ceil(message.height), MAX_HEIGHT_PX) + 'px';
        this.trigger('resize');
      } else if (message.type === 'retry-lab:progress') {
        this.progress(message);
      }
    });
  };

  /** A change of the lab's progress: the score, then the statement. */
  RetryLab.prototype.progress = function (message) {
    const done = message.done;
    const total = message.total;
    if (!Number.isInteger(done) || !Number.isInteger(total) || done < 0 || total < 0 || done > total || total > 1000) return;
    if (!Array.isArray(message.tasks)) return;
    const tasks = message.tasks.filter((task) => typeof task === 'string' && ENTRY.test(task));
    const key = done + '/' + total + ' ' + tasks.join(',');
    if (key === this.last) return;
    this.last = key;
    this.done = tasks;
    this.score = done;
    this.maxScore = total;
    if (total === 0) {
      // Nothing to do (tasks=off): opening it completes it, with no score.
      this.triggerXAPI('completed');
    } else {
      this.triggerXAPIScored(done, total, done === total ? 'completed' : 'answered', done === total, done === total);
    }
  };

  /** H5P's question contract: what the player and its reports read. */
  RetryLab.prototype.getScore = function () {
    return this.score;
  };
  RetryLab.prototype.getMaxScore = function () {
    return this.maxScore;
  };
  /** Saved by the player for this learner (H5P's content state), given back as `previousState`. */
  RetryLab.prototype.getCurrentState = function () {
    return { done: this.done };
  };

  return RetryLab;
})(H5P.EventDispatcher);
