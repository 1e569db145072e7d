package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/filetext"
	"github.com/hiregraph/hiregraph/internal/jobs"
	"github.com/hiregraph/hiregraph/internal/mail"
	"github.com/hiregraph/hiregraph/internal/maildelivery"
	"github.com/hiregraph/hiregraph/internal/outbound"
	"github.com/hiregraph/hiregraph/internal/personaldata"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/reportrollup"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/telemetry"
	"github.com/hiregraph/hiregraph/internal/webhook"
	"github.com/hiregraph/hiregraph/recruiting"
)

// serveCmd runs the server. Each operational setting is one field: a flag,
// its environment variable and its help.
type serveCmd struct {
	storeFlags   `embed:""`
	replicaFlags `embed:""`

	Addr      string `name:"addr" env:"HIREGRAPH_ADDR" default:":8080" help:"Address to listen on."`
	PublicURL string `name:"public-url" env:"HIREGRAPH_PUBLIC_URL" placeholder:"URL" help:"Absolute URL clients reach the server at, used in URLs of responses (default: the scheme and host of each request; X-Forwarded-Proto/-Host from --trusted-proxies only)."`

	PartnerAllowNets string        `name:"partner-allow-nets" env:"HIREGRAPH_PARTNER_ALLOW_NETS" group:"Evaluation partners" placeholder:"CIDRS" help:"Comma-separated non-public networks evaluation partners may be called at, e.g. 127.0.0.0/8 for a local partner (default none)."`
	PartnerTimeout   time.Duration `name:"partner-timeout" env:"HIREGRAPH_PARTNER_TIMEOUT" group:"Evaluation partners" default:"${partner_timeout}" help:"Longest wait for an evaluation partner's answer."`

	OIDCIssuer         string        `name:"oidc-issuer" env:"HIREGRAPH_OIDC_ISSUER" group:"Sign-in" placeholder:"URL" help:"Issuer URL of an OpenID Connect provider whose tokens sign users in (default none: only tokens of hiregraph token)."`
	OIDCAudience       string        `name:"oidc-audience" env:"HIREGRAPH_OIDC_AUDIENCE" group:"Sign-in" placeholder:"CLIENT_ID" help:"The aud a provider's token must carry (its client id for this server)."`
	OIDCClaim          string        `name:"oidc-claim" env:"HIREGRAPH_OIDC_CLAIM" group:"Sign-in" default:"email" help:"The claim holding the user's e-mail address."`
	OIDCMaxLifetime    time.Duration `name:"oidc-max-token-lifetime" env:"HIREGRAPH_OIDC_MAX_TOKEN_LIFETIME" group:"Sign-in" default:"24h" help:"Refuse a provider's token that expires further ahead than this."`
	CORSOrigins        []string      `name:"cors-origins" env:"HIREGRAPH_CORS_ORIGINS" group:"Sign-in" placeholder:"ORIGINS" help:"Comma-separated browser origins of the deployment's front-ends, such as https://app.example.com; they may send credentials. Default: any origin, without credentials."`
	WebhookAllowNets   string        `name:"webhook-allow-nets" env:"HIREGRAPH_WEBHOOK_ALLOW_NETS" group:"Webhooks" placeholder:"CIDRS" help:"Comma-separated non-public networks webhook endpoints may be at, e.g. 10.0.0.0/8 (default none)."`
	WebhookAllowHTTP   string        `name:"webhook-allow-http" env:"HIREGRAPH_WEBHOOK_ALLOW_HTTP" group:"Webhooks" placeholder:"CIDRS" help:"Comma-separated networks webhook endpoints may be called at over plain http://, for development, e.g. 127.0.0.0/8,::1 (default none: https only)."`
	WebhookTimeout     time.Duration `name:"webhook-timeout" env:"HIREGRAPH_WEBHOOK_TIMEOUT" group:"Webhooks" default:"${webhook_timeout}" help:"Longest wait for a webhook endpoint's answer."`
	WebhookWorkers     int           `name:"webhook-workers" env:"HIREGRAPH_WEBHOOK_WORKERS" group:"Webhooks" default:"${webhook_workers}" help:"Webhooks this process sends at once; 0 sends none (another process does), deliveries are still queued."`
	WebhookRescueAfter time.Duration `name:"webhook-rescue-after" env:"HIREGRAPH_WEBHOOK_RESCUE_AFTER" group:"Webhooks" default:"${webhook_rescue_after}" help:"How long a delivery may run before it is taken for lost (its process died) and sent again; longer than --webhook-timeout."`
	WebhookRetryBase   time.Duration `name:"webhook-retry-base" env:"HIREGRAPH_WEBHOOK_RETRY_BASE" group:"Webhooks" default:"${webhook_retry_base}" hidden:"" help:"Wait before a failed delivery's first retry; later ones double it."`

	APIRate           int   `name:"api-rate" env:"HIREGRAPH_API_RATE" group:"Limits" default:"${api_rate}" help:"Requests a minute each API key may make (token bucket)."`
	APIBurst          int   `name:"api-burst" env:"HIREGRAPH_API_BURST" group:"Limits" default:"${api_burst}" help:"Requests an API key may make at once, beyond its rate."`
	CareersRate       int   `name:"careers-rate" env:"HIREGRAPH_CAREERS_RATE" group:"Limits" default:"${careers_rate}" help:"Requests a minute each company's careers token may make."`
	CareersBurst      int   `name:"careers-burst" env:"HIREGRAPH_CAREERS_BURST" group:"Limits" default:"${careers_burst}" help:"Careers requests a token may make at once, beyond its rate."`
	ApplyRate         int   `name:"apply-rate" env:"HIREGRAPH_APPLY_RATE" group:"Limits" default:"${apply_rate}" help:"Applications a minute one client address may send through the careers API."`
	ApplyBurst        int   `name:"apply-burst" env:"HIREGRAPH_APPLY_BURST" group:"Limits" default:"${apply_burst}" help:"Applications one client address may send at once, beyond its rate."`
	ApplyCompanyRate  int   `name:"apply-company-rate" env:"HIREGRAPH_APPLY_COMPANY_RATE" group:"Limits" default:"${apply_company_rate}" help:"Applications a minute one company may receive."`
	ApplyCompanyBurst int   `name:"apply-company-burst" env:"HIREGRAPH_APPLY_COMPANY_BURST" group:"Limits" default:"${apply_company_burst}" help:"Applications one company may receive at once, beyond its rate."`
	MaxBodyBytes      int64 `name:"max-body-bytes" env:"HIREGRAPH_MAX_BODY_BYTES" group:"Limits" default:"${max_body_bytes}" help:"Largest request body, in bytes (larger gets 413)."`

	FilesURL     string `name:"files-url" env:"HIREGRAPH_FILES_URL" group:"Files" placeholder:"URL" help:"Where resumes and other candidate files are kept: file:///DIR, s3://BUCKET?region=REGION, gs://BUCKET (default: the directory hiregraph-files beside the SQLite file, or in the working directory; created on first use)."`
	MaxFileBytes int64  `name:"max-file-bytes" env:"HIREGRAPH_MAX_FILE_BYTES" group:"Files" default:"${max_file_bytes}" help:"Largest file a candidate or recruiter may upload, in bytes (larger gets 413)."`

	SMTPURL    string `name:"smtp-url" env:"HIREGRAPH_SMTP_URL" group:"E-mail" placeholder:"URL" help:"Mail server that e-mail to candidates goes through: smtp://[USER:PASSWORD@]HOST[:PORT] (STARTTLS when offered, port 587) or smtps://… (TLS, port 465). Default none: e-mail is written to --mail-outbox."`
	MailFrom   string `name:"mail-from" env:"HIREGRAPH_MAIL_FROM" group:"E-mail" default:"hiregraph@localhost" help:"Address e-mail to candidates comes from; the recruiter's name shows beside it and answers go to the recruiter."`
	MailOutbox string `name:"mail-outbox" env:"HIREGRAPH_MAIL_OUTBOX" group:"E-mail" placeholder:"DIR" help:"Folder e-mail is written to as .eml files when there is no --smtp-url (default: hiregraph-outbox beside the SQLite file, or in the working directory)."`

	ReadHeaderTimeout time.Duration `name:"read-header-timeout" env:"HIREGRAPH_READ_HEADER_TIMEOUT" group:"Timeouts" default:"10s" help:"Longest wait for a request's headers."`
	ReadTimeout       time.Duration `name:"read-timeout" env:"HIREGRAPH_READ_TIMEOUT" group:"Timeouts" default:"30s" help:"Longest wait for a whole request."`
	WriteTimeout      time.Duration `name:"write-timeout" env:"HIREGRAPH_WRITE_TIMEOUT" group:"Timeouts" default:"90s" help:"Longest time to write a response."`
	IdleTimeout       time.Duration `name:"idle-timeout" env:"HIREGRAPH_IDLE_TIMEOUT" group:"Timeouts" default:"120s" help:"How long an idle keep-alive connection stays open."`
	ShutdownTimeout   time.Duration `name:"shutdown-timeout" env:"HIREGRAPH_SHUTDOWN_TIMEOUT" group:"Timeouts" default:"20s" help:"How long SIGTERM waits for requests under way."`

	DebugAddr string `name:"debug-addr" env:"HIREGRAPH_DEBUG_ADDR" placeholder:"ADDR" help:"Address to serve net/http/pprof on, such as 127.0.0.1:6060; never the public address (default off; heap profiles are sampled only with it)."`
}

// serveVars are the defaults of serveCmd that live in other packages.
func serveVars() map[string]string {
	return map[string]string{
		"partner_timeout":     outbound.DefaultTimeout.String(),
		"api_rate":            fmt.Sprint(server.DefaultAPIRate.PerMinute),
		"api_burst":           fmt.Sprint(server.DefaultAPIRate.Burst),
		"careers_rate":        fmt.Sprint(server.DefaultCareersRate.PerMinute),
		"careers_burst":       fmt.Sprint(server.DefaultCareersRate.Burst),
		"apply_rate":          fmt.Sprint(server.DefaultApplyAddressRate.PerMinute),
		"apply_burst":         fmt.Sprint(server.DefaultApplyAddressRate.Burst),
		"apply_company_rate":  fmt.Sprint(server.DefaultApplyCompanyRate.PerMinute),
		"apply_company_burst": fmt.Sprint(server.DefaultApplyCompanyRate.Burst),
		"max_body_bytes":      fmt.Sprint(server.MaxBodyBytes),
		"max_file_bytes":      fmt.Sprint(filestore.DefaultMaxBytes),
		"sweep_interval":      server.DefaultSweepInterval.String(),

		"webhook_timeout":      webhook.DefaultTimeout.String(),
		"webhook_workers":      fmt.Sprint(webhook.DefaultWorkers),
		"webhook_rescue_after": webhook.DefaultRescueAfter.String(),
		"webhook_retry_base":   webhook.DefaultRetryBase.String(),
	}
}

// Run serves until a.ctx ends. A stop asked for while the service is
// still starting (SIGTERM before the webhook relay is up, say) is the
// clean exit asked for: the component it cut short reports the
// cancellation, which is no failure.
func (c *serveCmd) Run(a *app) error {
	err := c.serve(a)
	if err != nil && a.ctx.Err() != nil && errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

func (c *serveCmd) serve(a *app) error {
	fmt.Fprintln(a.stdout, "Hiregraph is starting. `hiregraph help` lists the commands, `hiregraph serve --help` the settings.")
	if c.DebugAddr == "" {
		stopHeapSampling()
	}
	cfg, err := c.config()
	if err != nil {
		return err
	}
	// Tracing starts before the database and the server are built, so
	// both are instrumented (or, when it is off, left as they are).
	v, _ := buildVersion()
	stopTracing, err := telemetry.Start(a.ctx, v)
	if err != nil {
		return err
	}
	defer flushTraces(stopTracing)
	if telemetry.Enabled() {
		slog.Info("exporting traces over OTLP", "endpoint", cmp.Or(os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"), os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT")))
	}
	st, err := c.open(a.ctx, c.databaseOptions()...)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := c.apply(a.ctx, st.DB, &cfg); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s (set another address with --addr or HIREGRAPH_ADDR): %w", c.Addr, err)
	}
	defer ln.Close()
	// Without a public URL, responses build their URLs on each request's
	// own scheme and host; the banner names the local one.
	shown := c.PublicURL
	if shown == "" {
		shown = fmt.Sprintf("http://localhost:%d", ln.Addr().(*net.TCPAddr).Port)
	}
	m, err := seedEmptyDatabase(a.ctx, st, a.stdout)
	if err != nil {
		return err
	}
	printURLs(m, shown, a.stdout)
	// Before serving: a write of this process must not race the backfill.
	if err := reportrollup.Backfill(a.ctx, st.DB); err != nil {
		return fmt.Errorf("counting for reports: %w", err)
	}
	cfg.DB, cfg.Sealer, cfg.PublicURL = st.DB, st.Sealer, c.PublicURL
	if cfg.UserTokens, err = c.userTokens(a.ctx, st.Sealer); err != nil {
		return err
	}
	if cfg.Files, err = c.openFiles(); err != nil {
		return err
	}
	defer cfg.Files.Close()
	cfg.Broker = &recruiting.Broker{}
	if st.Dialect == dialect.Postgres {
		// Subscriptions and the webhook relay hear the writes of every
		// process on the database.
		cfg.Broker.NotifyChannel = recruiting.EventsChannel
		if err := recruiting.ListenPostgres(a.ctx, st.DSN, cfg.Broker); err != nil {
			return fmt.Errorf("listening for events: %w", err)
		}
	}
	personal, err := personaldata.New(personaldata.Config{DB: st.DB, Files: cfg.Files, Workers: personaldata.DefaultWorkers})
	if err != nil {
		return fmt.Errorf("personal data jobs: %w", err)
	}
	cfg.PersonalData = personal
	if cfg.Mail, err = c.mailJobs(st); err != nil {
		return err
	}
	if cfg.FileText, err = filetext.New(filetext.Config{DB: st.DB, Files: cfg.Files, Workers: filetext.DefaultWorkers}); err != nil {
		return fmt.Errorf("file text jobs: %w", err)
	}
	// The deliverer's River client runs the exports, retention, e-mail
	// file readings and the reports' compaction too.
	deliverer, err := c.startWebhooks(a.ctx, st, cfg.Broker, cfg.WebhookAllowHTTP, personal.Set(), cfg.Mail.Set(), cfg.FileText.Set(),
		reportrollup.Set(st.DB, reportrollup.DefaultInterval))
	if err != nil {
		return err
	}
	defer c.stopWebhooks(deliverer)
	cfg.Webhooks = deliverer
	handler, err := server.New(cfg)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: c.ReadHeaderTimeout,
		ReadTimeout:       c.ReadTimeout,
		WriteTimeout:      c.WriteTimeout,
		IdleTimeout:       c.IdleTimeout,
	}
	slog.Info("listening", "addr", ln.Addr().String(), "public_url", c.PublicURL, "database", st.Dialect)
	go st.KeepStatisticsFresh(a.ctx, time.Hour)
	if c.DebugAddr != "" {
		go func() {
			if err := serveDebug(a.ctx, c.DebugAddr); err != nil {
				slog.Error("debug server", "addr", c.DebugAddr, "error", err)
			}
		}()
	}
	go server.SweepPeriodically(a.ctx, st.DB, cfg.RateLimitStore, c.SweepInterval)
	go server.SweepFilesPeriodically(a.ctx, st.DB, cfg.Files, server.DefaultFileSweepInterval)
	go server.IndexForSearch(a.ctx, st.DB)
	return c.serveUntilDone(a.ctx, srv, ln)
}

// startWebhooks starts queueing committed events for delivery (woken by
// broker) and sending the webhooks queued in the database (none with
// --webhook-workers=0: this process then only queues them), over plain
// http only to httpNets.
func (c *serveCmd) startWebhooks(ctx context.Context, st *store, broker *recruiting.Broker, httpNets []netip.Prefix, others ...jobs.Set) (*webhook.Deliverer, error) {
	nets, err := outbound.ParseNets(c.WebhookAllowNets)
	if err != nil {
		return nil, fmt.Errorf("--webhook-allow-nets: %w", err)
	}
	if c.WebhookTimeout <= 0 || c.WebhookWorkers < 0 || c.WebhookRescueAfter <= c.WebhookTimeout || c.WebhookRetryBase <= 0 {
		return nil, fmt.Errorf("--webhook-timeout and --webhook-retry-base must be positive, --webhook-workers at least 0, --webhook-rescue-after longer than --webhook-timeout")
	}
	d, err := webhook.New(webhook.Config{
		DB: st.DB, Sealer: st.Sealer, AllowNets: nets, AllowHTTPNets: httpNets, Timeout: c.WebhookTimeout,
		Workers: c.WebhookWorkers, RescueAfter: c.WebhookRescueAfter, RetryBase: c.WebhookRetryBase,
		Broker: broker, Jobs: others,
	})
	if err != nil {
		return nil, err
	}
	if err := d.Start(ctx); err != nil {
		return nil, fmt.Errorf("starting webhook delivery: %w", err)
	}
	return d, nil
}

// stopWebhooks lets deliveries under way finish, within the shutdown
// timeout; one cut short is sent again by the next process.
func (c *serveCmd) stopWebhooks(d *webhook.Deliverer) {
	ctx, cancel := context.WithTimeout(context.Background(), c.ShutdownTimeout)
	defer cancel()
	if err := d.Stop(ctx); err != nil {
		slog.Warn("stopping webhook delivery", "error", err)
	}
}

// config checks the flags and turns them into the server's config.
func (c *serveCmd) config() (server.Config, error) {
	nets, err := outbound.ParseNets(c.PartnerAllowNets)
	if err != nil {
		return server.Config{}, fmt.Errorf("--partner-allow-nets: %w", err)
	}
	httpNets, err := outbound.ParseNets(c.WebhookAllowHTTP)
	if err != nil {
		return server.Config{}, fmt.Errorf("--webhook-allow-http: %w", err)
	}
	for name, v := range map[string]int64{
		"--partner-timeout": int64(c.PartnerTimeout), "--api-rate": int64(c.APIRate), "--api-burst": int64(c.APIBurst),
		"--careers-rate": int64(c.CareersRate), "--careers-burst": int64(c.CareersBurst), "--max-body-bytes": c.MaxBodyBytes,
		"--max-file-bytes": c.MaxFileBytes, "--apply-rate": int64(c.ApplyRate), "--apply-burst": int64(c.ApplyBurst),
		"--apply-company-rate": int64(c.ApplyCompanyRate), "--apply-company-burst": int64(c.ApplyCompanyBurst),
	} {
		if v <= 0 {
			return server.Config{}, fmt.Errorf("%s must be positive", name)
		}
	}
	return server.Config{
		PartnerAllowNets: nets, PartnerTimeout: c.PartnerTimeout, WebhookAllowHTTP: httpNets,
		APIRatePerMinute: c.APIRate, APIBurst: c.APIBurst,
		CareersRatePerMinute: c.CareersRate, CareersBurst: c.CareersBurst,
		ApplyAddressRate: ratelimit.Rate{PerMinute: c.ApplyRate, Burst: c.ApplyBurst},
		ApplyCompanyRate: ratelimit.Rate{PerMinute: c.ApplyCompanyRate, Burst: c.ApplyCompanyBurst},
		MaxBodyBytes:     c.MaxBodyBytes,
		CORSOrigins:      c.CORSOrigins,
	}, nil
}

// userTokens sets up the verifier of user tokens; with --oidc-issuer it
// reads the provider's discovery document, so a wrong URL stops the start.
func (c *serveCmd) userTokens(ctx context.Context, sealer *auth.Sealer) (*auth.UserTokens, error) {
	if c.OIDCIssuer == "" {
		return auth.NewUserTokens(ctx, sealer, nil)
	}
	if c.OIDCAudience == "" {
		return nil, errors.New("--oidc-issuer needs --oidc-audience (HIREGRAPH_OIDC_AUDIENCE): the client id its tokens carry in aud")
	}
	return auth.NewUserTokens(ctx, sealer, &auth.OIDCConfig{Issuer: c.OIDCIssuer, Audience: c.OIDCAudience, Claim: c.OIDCClaim, MaxLifetime: c.OIDCMaxLifetime})
}

// mailJobs sends e-mail through --smtp-url, or into the outbox folder.
func (c *serveCmd) mailJobs(st *store) (*maildelivery.Jobs, error) {
	var sender mail.Sender
	if c.SMTPURL != "" {
		s, err := mail.NewSMTP(c.SMTPURL)
		if err != nil {
			return nil, fmt.Errorf("--smtp-url: %w", err)
		}
		sender = s
		slog.Info("sending e-mail through a mail server", "host", s.Host())
	} else {
		outbox := mail.NewOutbox(beside(c.MailOutbox, c.DatabaseURL, "hiregraph-outbox"))
		sender = outbox
		slog.Info("writing e-mail to the outbox (--smtp-url sends it)", "dir", outbox.Dir())
	}
	jobs, err := maildelivery.New(maildelivery.Config{DB: st.DB, Sender: sender, From: c.MailFrom, Workers: maildelivery.DefaultWorkers})
	if err != nil {
		return nil, fmt.Errorf("--mail-from: %w", err)
	}
	return jobs, nil
}

// beside is dir, or else name beside the SQLite file of databaseURL (in
// the working directory for PostgreSQL).
func beside(dir, databaseURL, name string) string {
	if dir != "" {
		return dir
	}
	if path, ok := sqlitePath(databaseURL); ok {
		return filepath.Join(filepath.Dir(path), name)
	}
	return name
}

// openFiles opens the file store of --files-url.
func (c *serveCmd) openFiles() (*filestore.Store, error) {
	return openFileStore(c.FilesURL, c.DatabaseURL, c.MaxFileBytes)
}

// openFileStore opens the file store at filesURL or, when it is empty, a
// directory beside the SQLite file of databaseURL (in the working directory
// for PostgreSQL), as the key file.
func openFileStore(filesURL, databaseURL string, maxBytes int64) (*filestore.Store, error) {
	u := filesURL
	if u == "" {
		var err error
		if u, err = filestore.DirURL(beside("", databaseURL, "hiregraph-files")); err != nil {
			return nil, err
		}
	}
	s, err := filestore.Open(u, maxBytes)
	if err != nil {
		return nil, fmt.Errorf("--files-url: %w", err)
	}
	return s, nil
}

func (c *serveCmd) serveUntilDone(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), c.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func flushTraces(stop func(context.Context) error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := stop(ctx); err != nil {
		slog.Warn("flushing traces", "error", err)
	}
}

// seedEmptyDatabase gives a fresh install the demo company and prints its
// credentials, so the first run is usable with no other step. It returns
// the manifest, or nil when the database had a company already.
func seedEmptyDatabase(ctx context.Context, st *store, stdout io.Writer) (*demo.Manifest, error) {
	m, err := demo.SeedEmpty(ctx, st.Client, st.Sealer, st.Dialect, demo.DefaultCompany)
	if m == nil || err != nil {
		return nil, err
	}
	fmt.Fprintln(stdout, "The database was empty: created the demo company. Its credentials (`hiregraph demo --env` prints them again):")
	return m, printJSON(stdout, m)
}

// printURLs tells a person where to go next. The careers page needs a
// company and its token, which only a first run (m) knows to print.
func printURLs(m *demo.Manifest, publicURL string, stdout io.Writer) {
	careers := publicURL + "/careers/{company_uid}?token={careers_token}"
	if m != nil {
		careers = publicURL + "/careers/" + m.CompanyUID + "?token=" + m.CareersToken
	}
	fmt.Fprintf(stdout, "Ready. GraphiQL: %s/  Pipeline board: %s/app  Careers page: %s  OpenAPI: %s/openapi.json\n", publicURL, publicURL, careers, publicURL)
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
