// Package rest is the REST compatibility layer of spec 4: it maps the
// documented endpoints onto the operations of the recruiting package and only
// translates shapes (snake_case JSON, the error body of spec 7.1).
package rest

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/idempotency"
	"github.com/hiregraph/hiregraph/recruiting"
)

// API serves the endpoints at {base_url}.
type API struct {
	Service *recruiting.Service
	Links   *Links
}

// Routes returns the handler of the service API. Requests reach it
// authenticated; it answers unknown paths and methods with the error body.
func (a *API) Routes() http.Handler {
	r := chi.NewRouter()
	r.Use((&idempotency.Store{Client: a.Service.Client, WriteError: WriteError, Now: a.Service.Now}).Middleware)
	r.NotFound(NotFound)
	r.MethodNotAllowed(MethodNotAllowed)
	r.Post("/positions/{uid}/clone", handle(a.clonePosition))
	r.Get("/positions", handle(a.listPositions))
	r.Get("/positions/{uid}", handle(a.getPosition))
	r.Get("/positions/{uid}/candidates", handle(a.listPositionCandidates))
	r.Get("/openings", handle(a.listOpenings))
	r.Get("/candidates", handle(a.listCandidates))
	r.Get("/candidates/{uid}", handle(a.getCandidate))
	r.Get("/sourcing/candidates/find_duplicates", handle(a.findDuplicates))
	r.Get("/interviews/{uid}.ics", handle(a.interviewCalendar))
	r.Get("/reports/{report}", handle(a.reportCSV))
	r.Post("/people/{uid}/erase", handle(a.erasePerson))
	r.Post("/people/{uid}/export", handle(a.exportPerson))
	r.Get("/person-exports/{uid}", handle(a.getPersonExport))
	r.Post("/retention/run", handle(a.runRetention))
	r.Get("/questionnaires", handle(a.listQuestionnaires))
	r.Get("/candidates/{uid}/files", handle(a.listCandidateFiles))
	r.Post("/candidates/{uid}/notes", handle(a.createNote))
	r.Post("/conversations/{uid}/messages", handle(a.createMessage))
	r.Post("/candidates/{uid}/tests", handle(a.submitTest))
	r.Post("/evaluations/{id}", handle(a.updateEvaluation))
	r.Post("/users", handle(a.createUser))
	r.Post("/users/{uid}/roles", handle(a.setUserRoles))
	r.Post("/users/{uid}/deactivate", handle(a.deactivateUser))
	r.Get("/api_keys", handle(a.listAPIKeys))
	r.Post("/api_keys", handle(a.createAPIKey))
	r.Post("/api_keys/{id}/revoke", handle(a.revokeAPIKey))
	r.Get("/events", handle(a.listEvents))
	r.Get("/webhooks", handle(a.listWebhooks))
	r.Post("/webhooks", handle(a.createWebhook))
	r.Patch("/webhooks/{id}", handle(a.updateWebhook))
	r.Delete("/webhooks/{id}", handle(a.deleteWebhook))
	r.Post("/webhooks/{id}/rotate", handle(a.rotateWebhookSecret))
	r.Post("/webhooks/{id}/ping", handle(a.pingWebhook))
	r.Post("/webhooks/{id}/redeliver", handle(a.redeliverWebhook))
	r.Get("/webhooks/{id}/attempts", handle(a.listWebhookAttempts))
	return r
}

// handle adapts a handler that returns its error: every REST error is
// written here, as the body of spec 7.1.
func handle(h func(http.ResponseWriter, *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			WriteError(w, r, err)
		}
	}
}

// NotFound answers a path no endpoint serves.
func NotFound(w http.ResponseWriter, r *http.Request) {
	WriteError(w, r, apierror.NotFound(apierror.CodeNotFound, "no endpoint at %s", r.URL.Path))
}

// MethodNotAllowed answers a known path asked with the wrong method.
func MethodNotAllowed(w http.ResponseWriter, r *http.Request) {
	WriteError(w, r, apierror.New(http.StatusMethodNotAllowed, apierror.CodeMethodNotAllowed, "%s is not allowed on %s", r.Method, r.URL.Path))
}
