// Command hiregraph is the Hiregraph binary.
//
//	hiregraph [serve]                   run the server (the default)
//	hiregraph demo [--json] [--company NAME]
//	                                    create the demo company, print its credentials
//	hiregraph apikey create --company UID [--scopes read,write,...] [--name NAME]
//	hiregraph bench [--candidates N] [--database-url URL]
//	                                    compare with a hand-written database/sql service
//
// Every command takes --database-url (HIREGRAPH_DATABASE_URL), default
// sqlite://hiregraph.db, and --secret-key-file / HIREGRAPH_SECRET_KEY.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, nil)))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hiregraph:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, args, stdout)
	case "demo":
		return demoCmd(ctx, args, stdout)
	case "apikey":
		return apikeyCmd(ctx, args, stdout)
	case "bench":
		return benchCmd(ctx, args, stdout)
	}
	return fmt.Errorf("unknown command %q (commands: serve, demo, apikey create, bench)", cmd)
}
