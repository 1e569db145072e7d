// Command hiregraph is the Hiregraph binary: the server and the operator's
// commands around it. `hiregraph help` lists them; a bare `hiregraph` runs
// the server, so `go run ./cmd/hiregraph` is all a newcomer types.
//
// Every flag can also be set by an environment variable (HIREGRAPH_...),
// which the help of each command names.
package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/hiregraph/hiregraph/internal/permission"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"

	"github.com/alecthomas/kong"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/demo"
)

// cli is the command line. A command is one field here and a type with a
// Run(*app) error method; its flags are fields of that type, each one line:
//
//	RedisURL string `name:"redis-url" env:"HIREGRAPH_REDIS_URL" help:"..."`
type cli struct {
	Serve   serveCmd   `cmd:"" default:"withargs" help:"Run the server (what a bare hiregraph does)."`
	Demo    demoCmd    `cmd:"" help:"Create the demo company if missing and print its credentials with a fresh API key."`
	APIKey  apikeyCmd  `cmd:"" name:"apikey" help:"List, create and revoke API keys."`
	Token   tokenCmd   `cmd:"" help:"Mint a short-lived user token signed with the server's key (for machines with no identity provider)."`
	Backup  backupCmd  `cmd:"" help:"Copy the SQLite database, consistently, while the server runs."`
	Migrate migrateCmd `cmd:"" help:"Apply the database migrations it lacks (for a release step before serve --no-migrate)."`
	Version versionCmd `cmd:"" help:"Print the version of this binary."`

	Healthcheck healthcheckCmd `cmd:"" help:"Exit 0 when a running server answers that it is ready (for container health checks)."`
	Help        helpCmd        `cmd:"" help:"List the commands, or show the flags of one (hiregraph help apikey create)."`
}

// app is what every command runs with.
type app struct {
	ctx    context.Context
	stdout io.Writer
}

// extraCommands are commands compiled in only with a build tag (bench).
var extraCommands []kong.Option

// defaultGCPercent is the garbage collector's GOGC unless the environment
// sets one. The server keeps little (a live heap of 10-20 MiB) and every
// request allocates its answer, so at Go's 100 a collection ran every few
// dozen list reads and took about a seventh of their CPU; at 400 the heap
// may grow to a few times its live size, tens of MiB, for a quarter of the
// collections.
const defaultGCPercent = 400

// stopHeapSampling turns off the runtime's heap profile where nothing can
// read it: serve without --debug-addr, bench without --profile-dir. The
// runtime records a stack for every 512 KB or so allocated; with gqlgen's
// deep stacks that took about 3% of a nested read's CPU in hiregraph bench.
func stopHeapSampling() { runtime.MemProfileRate = 0 }

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stderr, nil)))
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hiregraph:", err)
		os.Exit(1)
	}
}

// exitRequest carries kong's request to exit (after --help) out of the
// parser, so run returns instead of ending the process.
type exitRequest int

func run(ctx context.Context, args []string, stdout io.Writer) (err error) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		code, ok := p.(exitRequest)
		if !ok {
			panic(p)
		}
		if code != 0 {
			err = fmt.Errorf("exit status %d", code)
		}
	}()
	parser, err := newParser(stdout)
	if err != nil {
		return err
	}
	k, err := parser.Parse(args)
	if err != nil {
		return usageError(args, err)
	}
	return k.Run(&app{ctx: ctx, stdout: stdout})
}

func newParser(stdout io.Writer) (*kong.Kong, error) {
	options := append([]kong.Option{
		kong.Name("hiregraph"),
		kong.Description("Hiregraph: a recruiting backend with a GraphQL graph and a REST compatibility layer.\n\n" +
			"A bare `hiregraph` runs the server with an embedded SQLite database (hiregraph.db).\n" +
			"Every flag can also be set by the environment variable named in its help."),
		kong.Writers(stdout, stdout),
		kong.Exit(func(code int) { panic(exitRequest(code)) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true, NoExpandSubcommands: true}),
		kong.Vars(serveVars()),
		kong.Vars{
			"default_database_url":    database.DefaultURL,
			"default_database_schema": database.DefaultSchema,
			"default_postgres_conns":  fmt.Sprint(database.DefaultPostgresConns),
			"demo_company":            demo.DefaultCompany,
			"scopes":                  strings.Join(permission.CoarseScopes, ", "),
		},
	}, extraCommands...)
	return kong.New(&cli{}, options...)
}

// usageError adds where to look to a command line kong could not read.
func usageError(args []string, err error) error {
	var parseErr *kong.ParseError
	if !errors.As(err, &parseErr) {
		return err
	}
	if len(args) > 0 && args[0] == "bench" {
		return fmt.Errorf("%w: this binary was built without the benchmark; run it with `go run -tags bench ./cmd/hiregraph bench`", err)
	}
	return fmt.Errorf("%w (`hiregraph help` lists the commands and their flags)", err)
}

// helpCmd shows kong's help for the command it names.
type helpCmd struct {
	Command []string `arg:"" optional:"" help:"The command to explain."`
}

func (c *helpCmd) Run(k *kong.Context) error {
	if _, err := k.Kong.Parse(append(c.Command, "--help")); err != nil {
		return usageError(c.Command, err)
	}
	return nil
}
