// @ts-check
// thinchess serve: reloads the page when the site is rebuilt and shows
// build errors over the page. Only `thinchess serve` includes this file.
(function () {
  'use strict';
  /** @type {HTMLDivElement|null} */
  var box = null;
  /**
   * show shows the build's errors over the page.
   * @param {string} text
   */
  function show(text) {
    if (!box) {
      box = document.createElement('div');
      box.className = 'build-errors';
      box.setAttribute('role', 'alert');
      document.body.appendChild(box);
    }
    box.textContent = '';
    var h = document.createElement('strong');
    h.textContent = 'Build failed';
    var pre = document.createElement('pre');
    pre.textContent = text;
    box.appendChild(h);
    box.appendChild(pre);
    box.hidden = false;
  }
  // hide hides the errors once a build succeeds.
  function hide() {
    if (box) box.hidden = true;
  }
  /**
   * errorsText is the text of an "errors" event: a JSON list of errors
   * (strings or objects), a JSON string, or plain text.
   * @param {string} data
   * @returns {string}
   */
  function errorsText(data) {
    try {
      var v = JSON.parse(data);
      if (Array.isArray(v)) return v.map(function (e) { return typeof e === 'string' ? e : JSON.stringify(e); }).join('\n');
      if (typeof v === 'string') return v;
      return JSON.stringify(v, null, 2);
    } catch (e) {
      return data;
    }
  }
  // connect listens to the server's build events.
  function connect() {
    if (!window.EventSource) return;
    var es = new EventSource('/_thinchess/events');
    es.addEventListener('reload', function () { location.reload(); });
    es.addEventListener('errors', function (e) {
      var text = errorsText(e.data || '');
      if (text.trim() === '') hide(); else show(text);
    });
    // EventSource reconnects by itself after the server restarts.
  }
  connect();
})();
