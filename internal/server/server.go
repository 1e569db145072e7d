// Package server assembles the HTTP face of Hiregraph: the GraphQL endpoint,
// the REST compatibility layer at {base_url}, health checks, and the
// middleware every request passes (logging, panics, body caps, CORS, auth).
package server

import (
	"cmp"
	"context"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/graph"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/filetext"
	"github.com/hiregraph/hiregraph/internal/maildelivery"
	"github.com/hiregraph/hiregraph/internal/openapi"
	"github.com/hiregraph/hiregraph/internal/personaldata"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/telemetry"
	"github.com/hiregraph/hiregraph/internal/webhook"
	"github.com/hiregraph/hiregraph/recruiting"
	"github.com/hiregraph/hiregraph/rest"
	"github.com/hiregraph/hiregraph/web/apidocs"
	"github.com/hiregraph/hiregraph/web/board"
	"github.com/hiregraph/hiregraph/web/careerspage"
	"github.com/hiregraph/hiregraph/web/graphiql"
	"github.com/hiregraph/hiregraph/web/reports"
	"github.com/hiregraph/hiregraph/web/staticpage"
)

// BasePath is where the service API of spec 4 ({base_url}) is mounted.
const BasePath = "/v1"

// MaxBodyBytes caps every request body unless Config says otherwise.
const MaxBodyBytes = 1 << 20

// Config is what the server needs to run.
type Config struct {
	DB     *database.DB
	Sealer *auth.Sealer
	// PublicURL is the absolute URL clients reach the server at, without a
	// trailing slash; response URLs are built on it. Empty: on the scheme
	// and host of each request (X-Forwarded-Proto and X-Forwarded-Host
	// from TrustedProxies only).
	PublicURL string
	// Now is the clock; tests replace it.
	Now func() time.Time
	// APIRatePerMinute and APIBurst limit each API key; zero means the
	// defaults. CareersRatePerMinute and CareersBurst do so per careers token.
	APIRatePerMinute, APIBurst         int
	CareersRatePerMinute, CareersBurst int
	// FailedAuthRate limits failed authentications per client address,
	// FailedCareersRate failed careers tokens per company; zero fields mean
	// the defaults.
	FailedAuthRate, FailedCareersRate ratelimit.Rate
	// SessionCheck is how often an open WebSocket connection's credential
	// is checked again; zero means graph.DefaultSessionCheck.
	SessionCheck time.Duration
	// RateLimitStore keeps every limit's buckets; nil means
	// DefaultRateLimitStore.
	RateLimitStore ratelimit.Store
	// TrustedProxies are the addresses of reverse proxies whose
	// X-Forwarded-For names the client; from any other address the
	// connection's own address is the client's.
	TrustedProxies []netip.Prefix
	// PartnerAllowNets are non-public networks evaluation partners may be
	// called at; public addresses are always allowed.
	PartnerAllowNets []netip.Prefix
	// PartnerTimeout bounds a call to a partner; zero means
	// outbound.DefaultTimeout.
	PartnerTimeout time.Duration
	// MaxBodyBytes caps request bodies; zero means the constant MaxBodyBytes.
	MaxBodyBytes int64
	// UserTokens verifies user sign-in tokens; nil accepts only the tokens
	// `hiregraph token` mints with Sealer's key.
	UserTokens *auth.UserTokens
	// CORSOrigins are the browser origins that may call the API. Empty
	// means any origin without cookies (bearer credentials only); listed
	// origins may also send credentials. "*" never allows credentials.
	CORSOrigins []string
	// GraphQL holds the limits of /graphql an operator may change; zero
	// fields take their defaults.
	GraphQL graph.Limits
	// ApplyAddressRate limits applications per client address,
	// ApplyCompanyRate per company; zero fields mean the defaults.
	ApplyAddressRate, ApplyCompanyRate ratelimit.Rate
	// Files keeps candidates' documents; nil means the server accepts none
	// (uploads and downloads answer 503).
	Files *filestore.Store
	// Webhooks queues committed events for delivery and sends them, once
	// started (with its Broker, this config's); nil makes one that only
	// queues redeliveries and leaves the rest to another process.
	Webhooks *webhook.Deliverer
	// PersonalData writes person exports and runs retention, once started;
	// nil makes one that only queues exports for another process.
	PersonalData *personaldata.Jobs
	// Mail sends the e-mail of messages users send, once started; nil
	// makes one that only queues them for another process.
	Mail *maildelivery.Jobs
	// FileText reads the text of uploaded PDF and DOCX files for search,
	// once started; nil makes one that only queues them for another
	// process.
	FileText *filetext.Jobs
	// Broker carries committed events to subscriptions; nil makes an
	// in-process one (enough on SQLite, and for one PostgreSQL process).
	Broker *recruiting.Broker
	// WebhookAllowNets are non-public networks webhook endpoints may be
	// at, for pings from a server without Webhooks.
	WebhookAllowNets []netip.Prefix
	// WebhookAllowHTTP are the networks webhook endpoints may have plain
	// http:// URLs in, for development; elsewhere they need https. Give
	// Webhooks the same (webhook.Config.AllowHTTPNets).
	WebhookAllowHTTP []netip.Prefix
}

// unlessWebsocket applies mw except to WebSocket upgrades, which the
// GraphQL transport authenticates in connection_init.
func unlessWebsocket(mw func(http.Handler) http.Handler) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		wrapped := mw(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isWebsocket(r) {
				next.ServeHTTP(w, r)
				return
			}
			wrapped.ServeHTTP(w, r)
		})
	}
}

// New returns the root handler, or why cfg cannot make one.
func New(cfg Config) (http.Handler, error) {
	deps, err := newDependencies(cfg)
	if err != nil {
		return nil, err
	}
	r := chi.NewRouter()
	// requestBaseURL comes first: it hands a copy of the request on, and
	// otelhttp reads the route chi sets on the request it passed down.
	r.Use(requestBaseURL(cfg.TrustedProxies), telemetry.HTTP(routePattern), deps.metrics.measure, logRequests, recoverPanics,
		limitBody(cmp.Or(cfg.MaxBodyBytes, MaxBodyBytes), deps.maxFileBytes), refuseNUL)
	r.NotFound(rest.NotFound)
	r.MethodNotAllowed(rest.MethodNotAllowed)
	mountPages(r, cfg, deps)
	mountCareers(r, cfg, deps)
	mountAPI(r, cfg, deps)
	return r, nil
}

// mountPages mounts what needs no API key: health, metrics, documentation,
// the web pages, and the links partners and recruiters are handed.
func mountPages(r chi.Router, cfg Config, deps *dependencies) {
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		rest.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	r.Method(http.MethodGet, "/metrics", deps.metrics.handler())
	r.Method(http.MethodGet, "/favicon.ico", staticpage.Favicon())
	r.Method(http.MethodGet, openapi.Path, openapi.Handler())
	r.Method(http.MethodGet, apidocs.Path, apidocs.Page())
	r.Method(http.MethodGet, apidocs.AssetsPath+"*", apidocs.Assets())
	ide := graphiql.Handler("Hiregraph", "/graphql")
	r.Handle("/", ide)
	r.Handle(graphiql.AssetsPath+"*", ide)
	r.Get("/readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := cfg.DB.Ready(ctx); err != nil {
			rest.WriteJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "database unavailable"})
			return
		}
		rest.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	})
	// Partners fetch offer letters with their own credential, which the
	// handler checks; no API key is involved.
	r.Get(rest.OfferLetterPath+"{uid}", deps.api.OfferLetter)
	// Candidates' files, through the short-lived signed links GraphQL and
	// REST give recruiters; the link is the credential.
	r.Get(rest.FilePath+"{uid}", deps.api.CandidateFile)
	// Person exports' archives, through the signed links exports give.
	r.Get(rest.ExportPath+"{uid}", deps.api.PersonExport)

	r.Method(http.MethodGet, "/careers/{company_uid}", careerspage.Page())
	r.Method(http.MethodGet, careerspage.AssetsPath+"*", careerspage.Assets())
	pipelineBoard := board.Page(func(r *http.Request) string {
		_, host, _ := strings.Cut(baseURLOf(r, cfg.TrustedProxies), "://")
		return host
	})
	r.Method(http.MethodGet, board.Path, pipelineBoard)
	r.Method(http.MethodGet, board.Path+"/", pipelineBoard)
	r.Method(http.MethodGet, board.AssetsPath+"*", board.Assets())
	r.Method(http.MethodGet, reports.Path, reports.Page())
	r.Method(http.MethodGet, reports.AssetsPath+"*", reports.Assets())
}

// mountCareers mounts the careers API, which careers sites call with the
// company's careers token.
func mountCareers(r chi.Router, cfg Config, deps *dependencies) {
	addressOf := func(r *http.Request) string { return clientAddress(r, cfg.TrustedProxies) }
	careers := &rest.Careers{Service: deps.service, Links: deps.links}
	r.Route("/careers-api/2.0/company/{company_uid}/positions", func(r chi.Router) {
		r.Use(careersCORS, checkCareersToken(deps.service, deps.failures, cfg.TrustedProxies), limitRate(deps.limits.careers, careersCompanyOf, rest.WriteError))
		r.Get("/", careers.List)
		r.Get("/{position_uid}", careers.Get)
		r.Get("/{position_uid}/apply", careers.Form)
		r.With(limitRate(deps.limits.applyPerAddress, addressOf, rest.WriteError), limitRate(deps.limits.applyPerCompany, careersCompanyOf, rest.WriteError)).
			Post("/{position_uid}/apply", careers.Apply)
	})
}

// mountAPI mounts GraphQL and the REST API, which take an API key or a
// user's token. Both faces answer failures before the operation in their
// own error shape: GraphQL clients read errors[].extensions.code.
func mountAPI(r chi.Router, cfg Config, deps *dependencies) {
	apiCORS := apiCORS(cfg.CORSOrigins)
	r.Group(func(r chi.Router) {
		r.Use(apiCORS.Handler, rememberSocketAddress(cfg.TrustedProxies), unlessWebsocket(authenticate(deps.authn, deps.failures, cfg.TrustedProxies, graph.WriteError)), limitRate(deps.limits.api, apiKeyOf, graph.WriteError))
		var tracing []graphql.HandlerExtension
		if telemetry.Enabled() {
			tracing = append(tracing, telemetry.GraphQL{})
		}
		gqlLimits := cfg.GraphQL
		gqlLimits.MaxFileBytes = deps.maxFileBytes
		gql := bufferBody(graph.WriteError, graph.NewServer(deps.service, gqlLimits, websocketSessions(deps.authn, deps.failures, cfg), tracing...))
		r.Get("/graphql", gql.ServeHTTP)
		r.Post("/graphql", gql.ServeHTTP)
		// A browser's preflight must reach apiCORS, which answers it; chi
		// would answer an unrouted OPTIONS 405 before any middleware.
		r.Options("/graphql", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	})
	r.Group(func(r chi.Router) {
		r.Use(apiCORS.Handler, authenticate(deps.authn, deps.failures, cfg.TrustedProxies, rest.WriteError), limitRate(deps.limits.api, apiKeyOf, rest.WriteError))
		r.Mount(BasePath, deps.api.Routes())
	})
}
