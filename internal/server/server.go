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
	"github.com/rs/cors"

	"github.com/hiregraph/hiregraph/graph"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/openapi"
	"github.com/hiregraph/hiregraph/internal/outbound"
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

func orDefault(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

func rateOrDefault(perMinute, burst int, def ratelimit.Rate) ratelimit.Rate {
	return ratelimit.Rate{PerMinute: orDefault(perMinute, def.PerMinute), Burst: orDefault(burst, def.Burst)}
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

// New returns the root handler.
func New(cfg Config) http.Handler {
	service := &recruiting.Service{
		Client:    cfg.DB.Client,
		Dialect:   cfg.DB.Dialect,
		PublicURL: cfg.PublicURL,
		Sealer:    cfg.Sealer,
		Partners:  outbound.New(outbound.Config{AllowNets: cfg.PartnerAllowNets, Timeout: cfg.PartnerTimeout}),
		Now:       cfg.Now,
		Files:     cfg.Files,

		WebhookHTTPNets: cfg.WebhookAllowHTTP,
	}
	service.RedactEvents()
	users := cfg.UserTokens
	if users == nil {
		// Without a provider only local tokens verify, which needs no
		// network: this cannot fail.
		users, _ = auth.NewUserTokens(context.Background(), cfg.Sealer, nil)
	}
	maxFile := int64(filestore.DefaultMaxBytes)
	if cfg.Files != nil {
		maxFile = cfg.Files.MaxBytes()
	}
	cfg.GraphQL.MaxFileBytes = maxFile
	deliverer := cfg.Webhooks
	if deliverer == nil {
		var err error
		deliverer, err = webhook.New(webhook.Config{DB: cfg.DB, Sealer: cfg.Sealer, AllowNets: cfg.WebhookAllowNets, AllowHTTPNets: cfg.WebhookAllowHTTP, Now: cfg.Now})
		if err != nil {
			// Only a River configuration this code sets can fail here.
			panic(err)
		}
	}
	service.Broker = cfg.Broker
	if service.Broker == nil {
		service.Broker = &recruiting.Broker{}
	}
	service.Webhooks = deliverer
	service.Exports = personalDataJobs(cfg)
	authn := &auth.Authenticator{Client: cfg.DB.Client, Sealer: cfg.Sealer, Users: users, Now: cfg.Now}
	api := &rest.API{Service: service}

	store := cfg.RateLimitStore
	if store == nil {
		store = DefaultRateLimitStore(cfg.DB, cfg.Now)
	}
	requests := perRequestStore(store, cfg.Now)
	apiLimiter := ratelimit.New(requests, "api", rateOrDefault(cfg.APIRatePerMinute, cfg.APIBurst, DefaultAPIRate))
	careersLimiter := ratelimit.New(requests, "careers", rateOrDefault(cfg.CareersRatePerMinute, cfg.CareersBurst, DefaultCareersRate))
	failures := newAuthFailures(
		ratelimit.New(store, "authfail", rateOrDefault(cfg.FailedAuthRate.PerMinute, cfg.FailedAuthRate.Burst, DefaultFailedAuthRate)),
		ratelimit.New(store, "careersfail", rateOrDefault(cfg.FailedCareersRate.PerMinute, cfg.FailedCareersRate.Burst, DefaultFailedCareersRate)),
		cfg.Now,
	)
	m := newMetrics()

	r := chi.NewRouter()
	// requestBaseURL comes first: it hands a copy of the request on, and
	// otelhttp reads the route chi sets on the request it passed down.
	r.Use(requestBaseURL(cfg.TrustedProxies), telemetry.HTTP(routePattern), m.measure, logRequests, recoverPanics,
		limitBody(cmp.Or(cfg.MaxBodyBytes, MaxBodyBytes), maxFile), refuseNUL)
	r.NotFound(rest.NotFound)
	r.MethodNotAllowed(rest.MethodNotAllowed)

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		rest.WriteJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	r.Method(http.MethodGet, "/metrics", m.handler())
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
	r.Get(recruiting.OfferLetterPath+"{uid}", api.OfferLetter)
	// Candidates' files, through the short-lived signed links GraphQL and
	// REST give recruiters; the link is the credential.
	r.Get(recruiting.FilePath+"{uid}", api.CandidateFile)
	// Person exports' archives, through the signed links exports give.
	r.Get(recruiting.ExportPath+"{uid}", api.PersonExport)

	apiCORS := apiCORS(cfg.CORSOrigins)
	// Careers sites call the careers API from any page, reading only, and
	// post applications to …/apply.
	careersCORS := cors.New(cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: []string{http.MethodGet, http.MethodHead},
		MaxAge:         600,
	})
	applyCORS := cors.New(cors.Options{
		AllowedOrigins: []string{"*"},
		AllowedMethods: []string{http.MethodGet, http.MethodHead, http.MethodPost},
		AllowedHeaders: []string{"Content-Type"},
		MaxAge:         600,
	})
	careersCORSFor := func(next http.Handler) http.Handler {
		reads, applies := careersCORS.Handler(next), applyCORS.Handler(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/apply") {
				applies.ServeHTTP(w, r)
				return
			}
			reads.ServeHTTP(w, r)
		})
	}
	applyPerAddress := ratelimit.New(store, "applyaddr", rateOrDefault(cfg.ApplyAddressRate.PerMinute, cfg.ApplyAddressRate.Burst, DefaultApplyAddressRate))
	applyPerCompany := ratelimit.New(store, "applycompany", rateOrDefault(cfg.ApplyCompanyRate.PerMinute, cfg.ApplyCompanyRate.Burst, DefaultApplyCompanyRate))
	addressOf := func(r *http.Request) string { return clientAddress(r, cfg.TrustedProxies) }
	careers := &rest.Careers{Service: service}
	r.Route("/careers-api/2.0/company/{company_uid}/positions", func(r chi.Router) {
		r.Use(careersCORSFor, checkCareersToken(service, failures, cfg.TrustedProxies), limitRate(careersLimiter, careersCompanyOf, rest.WriteError))
		r.Get("/", careers.List)
		r.Get("/{position_uid}", careers.Get)
		r.Get("/{position_uid}/apply", careers.Form)
		r.With(limitRate(applyPerAddress, addressOf, rest.WriteError), limitRate(applyPerCompany, careersCompanyOf, rest.WriteError)).Post("/{position_uid}/apply", careers.Apply)
	})

	r.Method(http.MethodGet, "/careers/{company_uid}", careerspage.Page())
	r.Method(http.MethodGet, careerspage.AssetsPath+"*", careerspage.Assets())

	pipelineBoard := board.Page(func(r *http.Request) string {
		_, host, _ := strings.Cut(baseURLOf(r, cfg.TrustedProxies), "://")
		return host
	})
	r.Method(http.MethodGet, board.Path, pipelineBoard)
	r.Method(http.MethodGet, board.Path+"/", pipelineBoard)
	r.Method(http.MethodGet, board.AssetsPath+"*", board.Assets())

	// Both faces answer failures before the operation in their own error
	// shape: GraphQL clients read errors[].extensions.code.
	r.Group(func(r chi.Router) {
		r.Use(apiCORS.Handler, rememberSocketAddress(cfg.TrustedProxies), unlessWebsocket(authenticate(authn, failures, cfg.TrustedProxies, graph.WriteError)), limitRate(apiLimiter, apiKeyOf, graph.WriteError))
		var tracing []graphql.HandlerExtension
		if telemetry.Enabled() {
			tracing = append(tracing, telemetry.GraphQL{})
		}
		gql := bufferBody(graph.WriteError, graph.NewServer(service, cfg.GraphQL, websocketSessions(authn, failures, cfg), tracing...))
		r.Get("/graphql", gql.ServeHTTP)
		r.Post("/graphql", gql.ServeHTTP)
		// A browser's preflight must reach apiCORS, which answers it; chi
		// would answer an unrouted OPTIONS 405 before any middleware.
		r.Options("/graphql", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	})
	r.Group(func(r chi.Router) {
		r.Use(apiCORS.Handler, authenticate(authn, failures, cfg.TrustedProxies, rest.WriteError), limitRate(apiLimiter, apiKeyOf, rest.WriteError))
		r.Mount(BasePath, api.Routes())
	})
	return r
}
