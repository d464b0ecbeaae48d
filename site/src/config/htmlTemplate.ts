/**
 * The page template: Docusaurus's own, except for how the app's scripts start. The theme's
 * template puts them in `<head>` with `defer`, so a browser that already has them (or a fast
 * connection) runs 500 KB of JavaScript before it paints the page it has just received. Here an
 * inline script starts them once the first frame is on screen: the server-rendered page shows
 * first, then hydrates. `async = false` keeps their order (runtime, then main); a tab opened in
 * the background, where frames are not drawn, starts them at once.
 *
 * React writes the resources it preloads (the navbar logo) at the start of the app's HTML, where
 * the browser's Preact (plugins/preact.ts) finds them before the first element it renders itself
 * and redraws the whole page instead of hydrating it; they go in `<head>`, where they belong.
 */
export const ssrTemplate = `<!DOCTYPE html>
<% const preloads = /^(?:<link\\b[^>]*>)*/.exec(it.appHtml)[0]; %>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <%~ preloads %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml.slice(preloads.length) %></div>
    <%~ it.postBodyTags %>
    <script>(function (scripts) {
      function start() {
        scripts.forEach(function (src) {
          var script = document.createElement('script');
          script.src = src;
          script.async = false;
          document.head.appendChild(script);
        });
      }
      if (document.hidden) start();
      else requestAnimationFrame(function () { setTimeout(start, 0); });
    })(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>);</script>
  </body>
</html>
`;
