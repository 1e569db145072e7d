// Starts GraphiQL. It lives in its own file, not inline in the page, so the
// page's Content-Security-Policy can forbid inline scripts; the settings the
// server chooses arrive as data attributes on the mount element.
(function () {
  'use strict';

  var root = document.getElementById('graphiql');

  var fetcher = GraphiQL.createFetcher({
    url: root.dataset.endpoint,
    // The API answers plain JSON only: no multipart incremental delivery.
    enableIncrementalDelivery: false,
  });

  ReactDOM.createRoot(root).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      // Every request needs an API key; show users where it goes. Once they
      // edit it, the persisted headers take precedence over this default.
      defaultHeaders: JSON.stringify(
        { Authorization: 'Bearer <paste your API key>' },
        null,
        2,
      ),
      shouldPersistHeaders: true,
      defaultEditorToolsVisibility: 'headers',
    }),
  );
})();
