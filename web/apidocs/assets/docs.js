// Renders the OpenAPI document with Redoc. It lives in its own file, not
// inline in the page, so the page's Content-Security-Policy can forbid
// inline scripts.
(function () {
  'use strict';
  var root = document.getElementById('reference');
  Redoc.init(root.dataset.specUrl, {
    // The page is one of the server's own: no "Try it", no other site.
    hideHostname: false,
    expandResponses: '200,201',
    pathInMiddlePanel: true,
  }, root);
})();
