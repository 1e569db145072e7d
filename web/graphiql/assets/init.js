// Starts GraphiQL. It lives in its own file, not inline in the page, so the
// page's Content-Security-Policy can forbid inline scripts; the settings the
// server chooses arrive as data attributes on the mount element.
(function () {
  'use strict';

  var root = document.getElementById('graphiql');
  var reactRoot = ReactDOM.createRoot(root);

  // Opens in a new browser (a query the user typed is kept and wins).
  var exampleQuery = [
    '# Welcome to Hiregraph. Put your API key in the Headers tab below;',
    '# the schema (docs, completion) loads as soon as the key is there.',
    '# Run the query with Ctrl-Enter.',
    'query Example {',
    '  viewer { name }',
    '  positions(first: 5) {',
    '    totalCount',
    '    edges { node { id name status location { city } openings { totalCount } } }',
    '  }',
    '}',
    '',
  ].join('\n');

  function newFetcher() {
    return GraphiQL.createFetcher({
      url: root.dataset.endpoint,
      // The API answers plain JSON only: no multipart incremental delivery.
      enableIncrementalDelivery: false,
    });
  }

  // GraphiQL introspects once per fetcher, with the headers of that moment:
  // opened before the key is pasted, it would keep the 401 and show no
  // schema. A new fetcher makes it introspect again with the new headers.
  var fetcher = newFetcher();
  var introspectedWith = null;
  var pending = null;
  function onEditHeaders(headers) {
    clearTimeout(pending);
    pending = setTimeout(function () {
      if (headers === introspectedWith) {
        return;
      }
      introspectedWith = headers;
      fetcher = newFetcher();
      render();
    }, 500);
  }

  function render() {
    reactRoot.render(
      React.createElement(GraphiQL, {
        fetcher: fetcher,
        defaultQuery: exampleQuery,
        // Every request needs an API key; show users where it goes. Once
        // they edit it, the persisted headers take precedence over this.
        defaultHeaders: JSON.stringify(
          { Authorization: 'Bearer <paste your API key>' },
          null,
          2,
        ),
        shouldPersistHeaders: true,
        defaultEditorToolsVisibility: 'headers',
        onEditHeaders: onEditHeaders,
      }),
    );
  }

  render();
})();
