package server

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/filetext"
	"github.com/hiregraph/hiregraph/internal/maildelivery"
	"github.com/hiregraph/hiregraph/internal/outbound"
	"github.com/hiregraph/hiregraph/internal/personaldata"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/webhook"
	"github.com/hiregraph/hiregraph/recruiting"
	"github.com/hiregraph/hiregraph/rest"
)

// dependencies are what the routes of New share, each built once from
// Config.
type dependencies struct {
	service      *recruiting.Service
	links        *rest.Links
	api          *rest.API
	authn        *auth.Authenticator
	failures     *authFailures
	limits       limits
	metrics      *metrics
	maxFileBytes int64
}

// limits are the rate limits requests take from.
type limits struct {
	api, careers                     *ratelimit.Limiter
	applyPerAddress, applyPerCompany *ratelimit.Limiter
}

func newDependencies(cfg Config) (*dependencies, error) {
	links := &rest.Links{PublicURL: cfg.PublicURL}
	service, err := newService(cfg, links)
	if err != nil {
		return nil, err
	}
	users, err := userTokens(cfg)
	if err != nil {
		return nil, err
	}
	store := cfg.RateLimitStore
	if store == nil {
		store = DefaultRateLimitStore(cfg.DB, cfg.Now)
	}
	failures, err := newAuthFailures(
		ratelimit.New(store, "authfail", rateOrDefault(cfg.FailedAuthRate, DefaultFailedAuthRate)),
		ratelimit.New(store, "careersfail", rateOrDefault(cfg.FailedCareersRate, DefaultFailedCareersRate)),
		cfg.Now,
	)
	if err != nil {
		return nil, err
	}
	return &dependencies{
		service:      service,
		links:        links,
		api:          &rest.API{Service: service, Links: links},
		authn:        &auth.Authenticator{Client: cfg.DB.Client, Sealer: cfg.Sealer, Users: users, Now: cfg.Now},
		failures:     failures,
		limits:       newLimits(cfg, store),
		metrics:      newMetrics(),
		maxFileBytes: maxFileBytes(cfg.Files),
	}, nil
}

// newService is the domain as this server's configuration wires it.
func newService(cfg Config, links recruiting.Links) (*recruiting.Service, error) {
	deliverer, err := webhookDeliverer(cfg)
	if err != nil {
		return nil, err
	}
	exports, err := jobsOr(cfg.PersonalData, "personal data", func() (*personaldata.Jobs, error) {
		return personaldata.New(personaldata.Config{DB: cfg.DB})
	})
	if err != nil {
		return nil, err
	}
	mails, err := jobsOr(cfg.Mail, "mail", func() (*maildelivery.Jobs, error) { return maildelivery.New(maildelivery.Config{DB: cfg.DB}) })
	if err != nil {
		return nil, err
	}
	fileText, err := jobsOr(cfg.FileText, "file text", func() (*filetext.Jobs, error) { return filetext.New(filetext.Config{DB: cfg.DB}) })
	if err != nil {
		return nil, err
	}
	broker := cfg.Broker
	if broker == nil {
		broker = &recruiting.Broker{}
	}
	service := recruiting.New(recruiting.Dependencies{
		Client:          cfg.DB.Client,
		Dialect:         cfg.DB.Dialect,
		Now:             cfg.Now,
		Sealer:          cfg.Sealer,
		Broker:          broker,
		Links:           links,
		Partners:        outbound.New(outbound.Config{AllowNets: cfg.PartnerAllowNets, Timeout: cfg.PartnerTimeout}),
		Files:           cfg.Files,
		Webhooks:        deliverer,
		WebhookHTTPNets: cfg.WebhookAllowHTTP,
		Exports:         exports,
		Mail:            mails,
		FileText:        fileText,
	})
	return service, nil
}

// webhookDeliverer is cfg's, or one that only queues redeliveries and
// leaves sending to another process.
func webhookDeliverer(cfg Config) (*webhook.Deliverer, error) {
	if cfg.Webhooks != nil {
		return cfg.Webhooks, nil
	}
	d, err := webhook.New(webhook.Config{DB: cfg.DB, Sealer: cfg.Sealer, AllowNets: cfg.WebhookAllowNets, AllowHTTPNets: cfg.WebhookAllowHTTP, Now: cfg.Now})
	if err != nil {
		return nil, fmt.Errorf("webhook deliverer: %w", err)
	}
	return d, nil
}

// userTokens is cfg's verifier of sign-in tokens, or one that accepts only
// the local tokens `hiregraph token` mints.
func userTokens(cfg Config) (*auth.UserTokens, error) {
	if cfg.UserTokens != nil {
		return cfg.UserTokens, nil
	}
	users, err := auth.NewUserTokens(context.Background(), cfg.Sealer, nil)
	if err != nil {
		return nil, fmt.Errorf("user tokens: %w", err)
	}
	return users, nil
}

func newLimits(cfg Config, store ratelimit.Store) limits {
	requests := perRequestStore(store, cfg.Now)
	return limits{
		api:             ratelimit.New(requests, "api", rateOrDefault(ratelimit.Rate{PerMinute: cfg.APIRatePerMinute, Burst: cfg.APIBurst}, DefaultAPIRate)),
		careers:         ratelimit.New(requests, "careers", rateOrDefault(ratelimit.Rate{PerMinute: cfg.CareersRatePerMinute, Burst: cfg.CareersBurst}, DefaultCareersRate)),
		applyPerAddress: ratelimit.New(store, "applyaddr", rateOrDefault(cfg.ApplyAddressRate, DefaultApplyAddressRate)),
		applyPerCompany: ratelimit.New(store, "applycompany", rateOrDefault(cfg.ApplyCompanyRate, DefaultApplyCompanyRate)),
	}
}

// rateOrDefault is r with its zero fields taken from def.
func rateOrDefault(r, def ratelimit.Rate) ratelimit.Rate {
	return ratelimit.Rate{PerMinute: orDefault(r.PerMinute, def.PerMinute), Burst: orDefault(r.Burst, def.Burst)}
}

func orDefault(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

func maxFileBytes(files *filestore.Store) int64 {
	if files == nil {
		return filestore.DefaultMaxBytes
	}
	return files.MaxBytes()
}
