/**
 * A local stand-in for the two analytics providers, so the browser tests can see exactly which
 * analytics requests a page makes without any traffic leaving the machine.
 *
 * It serves a small gtag.js and hm.js that behave like the real ones where it matters here:
 * they read the command queue the page filled before they loaded, keep reading it afterwards,
 * send a page view for `config` (unless send_page_view is false), one hit per event, and nothing
 * while consent is denied or the provider's opt-out flag is set.
 * The tests judge by the browser's own network log; the hits kept here only help debugging.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GA_MEASUREMENT_ID = 'G-E2ESTANDIN';
export const BAIDU_SITE_ID = 'e2estandinsiteid';

export interface StandInHit {
  readonly provider: 'ga' | 'baidu';
  readonly path: string;
  readonly params: Record<string, string>;
}

export interface AnalyticsStandIn {
  readonly origin: string;
  readonly hits: StandInHit[];
  close(): Promise<void>;
}

function gtagScript(origin: string): string {
  return `/* analytics stand-in: gtag.js */
(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  var measurementIds = [];
  var denied = false;
  function disabled(id) { return denied || window['ga-disable-' + id] === true; }
  function send(id, name, params) {
    if (disabled(id)) return;
    var q = new URLSearchParams();
    q.set('v', '2'); q.set('tid', id); q.set('en', name);
    q.set('dl', params.page_location || location.href);
    q.set('dp', params.page_path || location.pathname);
    Object.keys(params || {}).forEach(function (k) {
      var v = params[k];
      if (v !== undefined && v !== null && typeof v !== 'object') q.set('ep.' + k, String(v));
    });
    fetch(ORIGIN + '/g/collect?' + q.toString(), { method: 'POST', mode: 'no-cors', keepalive: true }).catch(function () {});
  }
  function handle(entry) {
    var args = Array.prototype.slice.call(entry);
    var command = args[0];
    if (command === 'consent') {
      var state = args[2] || {};
      if (state.analytics_storage === 'denied') denied = true;
      if (state.analytics_storage === 'granted') denied = false;
    } else if (command === 'config') {
      var id = String(args[1]);
      if (measurementIds.indexOf(id) < 0) measurementIds.push(id);
      var options = args[2] || {};
      if (options.send_page_view !== false) send(id, 'page_view', options);
    } else if (command === 'event') {
      var params = args[2] || {};
      var targets = params.send_to ? [String(params.send_to)] : measurementIds;
      targets.forEach(function (target) { send(target, String(args[1]), params); });
    }
  }
  for (var i = 0; i < dataLayer.length; i++) handle(dataLayer[i]);
  var originalPush = dataLayer.push;
  dataLayer.push = function () {
    for (var j = 0; j < arguments.length; j++) handle(arguments[j]);
    return originalPush.apply(dataLayer, arguments);
  };
})();
`;
}

function baiduScript(origin: string, siteId: string): string {
  return `/* analytics stand-in: hm.js */
(function () {
  var ORIGIN = ${JSON.stringify(origin)};
  var SITE = ${JSON.stringify(siteId)};
  var queue = (window._hmt = window._hmt || []);
  function send(kind, fields) {
    var q = new URLSearchParams();
    q.set('si', SITE); q.set('kind', kind); q.set('u', location.href);
    fields.forEach(function (f, i) { if (f !== undefined && f !== null) q.set('f' + i, String(f)); });
    fetch(ORIGIN + '/hm.gif?' + q.toString(), { mode: 'no-cors', keepalive: true }).catch(function () {});
  }
  var pageviewSent = false;
  function handle(entry) {
    if (!entry || !entry.length) return;
    var command = entry[0];
    if (command === '_trackPageview') { pageviewSent = true; send('pageview', [entry[1]]); }
    else if (command === '_trackEvent') send('event', entry.slice(1));
    else if (command === '_setAutoPageview' && entry[1] === false) pageviewSent = true;
  }
  for (var i = 0; i < queue.length; i++) handle(queue[i]);
  queue.push = function () {
    for (var j = 0; j < arguments.length; j++) handle(arguments[j]);
    return Array.prototype.push.apply(queue, arguments);
  };
  // The real hm.js counts the landing page by itself unless told not to.
  setTimeout(function () { if (!pageviewSent) send('pageview', [location.pathname]); }, 0);
})();
`;
}

function queryOf(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://stand-in.local');
}

export async function startAnalyticsStandIn(): Promise<AnalyticsStandIn> {
  const hits: StandInHit[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const url = queryOf(req);
    const params = Object.fromEntries(url.searchParams.entries());
    const cors = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' };
    if (url.pathname === '/gtag/js') {
      res.writeHead(200, { ...cors, 'content-type': 'text/javascript; charset=utf-8' });
      res.end(gtagScript(origin));
    } else if (url.pathname === '/hm.js' || url.pathname.startsWith('/hm.js')) {
      res.writeHead(200, { ...cors, 'content-type': 'text/javascript; charset=utf-8' });
      res.end(baiduScript(origin, url.search.replace(/^\?/, '') || BAIDU_SITE_ID));
    } else if (url.pathname === '/g/collect') {
      hits.push({ provider: 'ga', path: url.pathname, params });
      req.resume();
      res.writeHead(204, cors);
      res.end();
    } else if (url.pathname === '/hm.gif') {
      hits.push({ provider: 'baidu', path: url.pathname, params });
      res.writeHead(204, cors);
      res.end();
    } else if (url.pathname === '/favicon.ico') {
      // Stands in for the China reachability probe's target: reachable.
      res.writeHead(200, { ...cors, 'content-type': 'image/x-icon' });
      res.end();
    } else if (url.pathname === '/__hits') {
      res.writeHead(200, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify(hits));
    } else {
      res.writeHead(404, cors);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
