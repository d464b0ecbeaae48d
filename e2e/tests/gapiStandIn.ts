import type { BrowserContext } from '@playwright/test';

/**
 * The Firebase SDK's popup sign-in, and the Auth emulator's helper iframe, both load Google's
 * `gapi` script from the internet to talk across frames. These tests run offline, so the
 * browser gets this stand-in instead: just the part of `gapi.iframes` they use (open an iframe,
 * ping it, register handlers and send messages), over postMessage. Everything else, the
 * emulator's popup and its accounts included, is real.
 */
const GAPI_STAND_IN = String.raw`(function () {
  var handlers = {};
  var waiting = {};
  var pending = {};
  var sequence = 0;
  function Peer(target) { this.target = target; }
  Peer.prototype.register = function (name, handler) {
    handlers[name] = handler;
    (waiting[name] || []).forEach(answer);
    delete waiting[name];
  };
  function answer(call) {
    var result = call.message.name === '__ping' ? {} : handlers[call.message.name](call.message.data);
    call.source.postMessage({ gapiStandIn: 'reply', id: call.message.id, result: [result] }, '*');
  }
  Peer.prototype.send = function (name, data, callback) {
    var id = 'm' + (sequence += 1) + '-' + Math.random();
    if (callback) pending[id] = callback;
    this.target.postMessage({ gapiStandIn: 'call', name: name, data: data, id: id }, '*');
  };
  Peer.prototype.restyle = function () { return Promise.resolve(); };
  Peer.prototype.ping = function (callback) {
    var peer = this;
    return new Promise(function (resolve) {
      var answered = false;
      function attempt() {
        if (answered) return;
        peer.send('__ping', {}, function () {
          if (answered) return;
          answered = true;
          if (callback) callback();
          resolve();
        });
        setTimeout(attempt, 100);
      }
      attempt();
    });
  };
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || !message.gapiStandIn) return;
    if (message.gapiStandIn === 'call') {
      var call = { message: message, source: event.source };
      // Like gapi, a call waits for its handler to be registered.
      if (message.name === '__ping' || handlers[message.name]) answer(call);
      else (waiting[message.name] = waiting[message.name] || []).push(call);
    } else if (message.gapiStandIn === 'reply' && pending[message.id]) {
      var callback = pending[message.id];
      delete pending[message.id];
      // The SDK's own callbacks may throw after handling a reply; gapi keeps such errors inside.
      try { callback(message.result); } catch (error) { console.debug('gapi stand-in callback:', error); }
    }
  });
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      var style = (options.attributes && options.attributes.style) || {};
      Object.keys(style).forEach(function (key) { frame.style[key] = style[key]; });
      frame.src = options.url;
      (options.where || document.body).appendChild(frame);
      return onOpen(new Peer(frame.contentWindow));
    },
    getParentIframe: function () { return new Peer(window.parent); },
  };
  window.gapi = {
    iframes: { CROSS_ORIGIN_IFRAMES_FILTER: 'cross-origin', Iframe: Peer, getContext: function () { return context; } },
    load: function (name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () { if (callback) callback(); }, 0);
    },
  };
  var onload = document.currentScript && new URL(document.currentScript.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();`;

export async function serveGapiStandIn(context: BrowserContext): Promise<void> {
  // The emulator's popup also styles itself from public CDNs; offline those requests would
  // wait on name resolution, so they fail at once instead (the popup works unstyled).
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.abort('internetdisconnected'),
  );
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STAND_IN }),
  );
}
