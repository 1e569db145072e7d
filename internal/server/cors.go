package server

import (
	"net/http"
	"slices"
	"strings"

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

// Careers sites call the careers API from any page, reading only, and post
// applications to …/apply.
var (
	careersReadCORS = cors.New(cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: []string{http.MethodGet, http.MethodHead},
		MaxAge:         600,
	})
	careersApplyCORS = cors.New(cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost},
		AllowedHeaders: []string{"Content-Type"},
		MaxAge:         600,
	})
)

// careersCORS is the CORS policy of the careers API.
func careersCORS(next http.Handler) http.Handler {
	reads, applies := careersReadCORS.Handler(next), careersApplyCORS.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/apply") {
			applies.ServeHTTP(w, r)
			return
		}
		reads.ServeHTTP(w, r)
	})
}
