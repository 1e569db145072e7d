package server

import (
	"net/http"
	"slices"

	"github.com/rs/cors"
)

// apiCORS is the CORS policy of /graphql and the REST API. With no origins
// configured any page may call them, but only with a bearer credential it
// holds itself: the browser sends no cookies. Listed origins (a
// deployment's own front-ends) may send credentials too; "*" never may, as
// that would let any page act with a signed-in user's cookies.
func apiCORS(origins []string) *cors.Cors {
	opts := cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: []string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete},
		AllowedHeaders: []string{"Authorization", "Content-Type", "Idempotency-Key", OnBehalfOfHeader},
		MaxAge:         600,
	}
	if len(origins) > 0 && !slices.Contains(origins, "*") {
		opts.AllowedOrigins = origins
		opts.AllowCredentials = true
	}
	return cors.New(opts)
}
