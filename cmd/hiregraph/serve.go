package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/demo"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/outbound"
	"github.com/hiregraph/hiregraph/server"
)

func serve(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var store storeFlags
	store.register(fs)
	addr := fs.String("addr", envOr("HIREGRAPH_ADDR", ":8080"), "address to listen on (env HIREGRAPH_ADDR)")
	publicURL := fs.String("public-url", envOr("HIREGRAPH_PUBLIC_URL", ""),
		"absolute URL clients reach the server at, for URLs in responses (env HIREGRAPH_PUBLIC_URL; default http://localhost:PORT)")
	allowNets := fs.String("partner-allow-nets", envOr("HIREGRAPH_PARTNER_ALLOW_NETS", ""),
		"comma-separated non-public networks evaluation partners may be called at, e.g. 127.0.0.0/8 for a local partner (env HIREGRAPH_PARTNER_ALLOW_NETS; default none)")
	partnerTimeout := fs.String("partner-timeout", envOr("HIREGRAPH_PARTNER_TIMEOUT", outbound.DefaultTimeout.String()),
		"longest wait for an evaluation partner's answer, such as 10s (env HIREGRAPH_PARTNER_TIMEOUT)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	nets, err := outbound.ParseNets(*allowNets)
	if err != nil {
		return fmt.Errorf("--partner-allow-nets: %w", err)
	}
	timeout, err := time.ParseDuration(*partnerTimeout)
	if err != nil || timeout <= 0 {
		return fmt.Errorf("--partner-timeout: %q is not a positive duration such as 10s", *partnerTimeout)
	}
	db, sealer, err := store.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := seedEmptyDatabase(ctx, db.Client, sealer, stdout); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", *addr, err)
	}
	if *publicURL == "" {
		*publicURL = fmt.Sprintf("http://localhost:%d", ln.Addr().(*net.TCPAddr).Port)
	}
	srv := &http.Server{
		Handler: server.New(server.Config{
			DB: db, Sealer: sealer, PublicURL: *publicURL,
			PartnerAllowNets: nets, PartnerTimeout: timeout,
		}),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	slog.Info("listening", "addr", ln.Addr().String(), "public_url", *publicURL, "database", db.Dialect)
	go db.KeepStatisticsFresh(ctx, time.Hour)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	slog.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// seedEmptyDatabase gives a fresh install the demo company and prints its
// credentials, so the first run is usable with no other step.
func seedEmptyDatabase(ctx context.Context, client *ent.Client, sealer *auth.Sealer, stdout io.Writer) error {
	n, err := client.Company.Query().Count(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		return fmt.Errorf("counting companies: %w", err)
	}
	if n > 0 {
		return nil
	}
	m, err := demo.Seed(ctx, client, sealer, demo.DefaultCompany)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "The database was empty: created the demo company. Its credentials (shown once):")
	return printJSON(stdout, m)
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
