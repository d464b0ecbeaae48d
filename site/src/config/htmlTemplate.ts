/**
 * The page template: Docusaurus's own, except for how the app's scripts start. The theme's
 * template puts them in `<head>` with `defer`, so a browser that already has them (or a fast
 * connection) runs 500 KB of JavaScript before it paints the page it has just received. Here an
 * inline script starts them once the browser reports the first contentful paint: the
 * server-rendered page shows first, then hydrates. Starting them from the frame callback instead
 * often fetched them before that frame was on screen, which put their download ahead of the
 * page's largest text in Lighthouse's accounting (its LCP reached 1.8 s on documentation pages
 * that now measure about 1.05 s). `async = false` keeps their order: the runtime, then the page's
 * own chunks, then the main bundle, which so finds the page's modules in place and hydrates without
 * adding a script of its own (plugins/route-scripts.ts). They are added four at a time, a task
 * each: a documentation page has a dozen, and adding one costs about a millisecond when the
 * browser's network log is on (four on a phone, as Lighthouse counts it). The list is data beside
 * the starter, so the starter is the same script on every page and the Content-Security-Policy
 * (sent with every file) names one hash for it, not one per page; a tab opened in the background,
 * where nothing is painted, starts them at once, and a browser without paint timing after a frame.
 */
export const ssrTemplate = `<!DOCTYPE html>
<% const MAIN = /(^|\\/)main\\.[0-9a-f]+\\.js$/; %>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script type="application/json" id="app-scripts"><%~ JSON.stringify([...it.scripts.filter((script) => !MAIN.test(script)), ...it.scripts.filter((script) => MAIN.test(script))].map((script) => it.baseUrl + script)) %></script>
    <script>(function (scripts) {
      function start() {
        var slice = scripts.splice(0, 4);
        slice.forEach(function (src) {
          var script = document.createElement('script');
          script.src = src;
          script.async = false;
          document.head.appendChild(script);
        });
        if (scripts.length > 0) setTimeout(start, 0);
      }
      var observer = window.PerformanceObserver;
      if (document.hidden) start();
      else if (observer && (observer.supportedEntryTypes || []).indexOf('paint') >= 0)
        new observer(function (list, self) {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          self.disconnect();
          start();
        }).observe({ type: 'paint', buffered: true });
      else requestAnimationFrame(function () { setTimeout(start, 0); });
    })(JSON.parse(document.getElementById('app-scripts').textContent));</script>
  </body>
</html>
`;
