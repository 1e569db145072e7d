// Command gqlgenpatch runs gqlgen and then patches what it wrote
// (codegen.PatchGqlgen, codegen.RenameAliasParams); go generate runs it
// from the module root.
package main

import (
	"fmt"
	"log"
	"os"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen/config"

	"github.com/hiregraph/hiregraph/internal/codegen"
)

const (
	configFile = "gqlgen.yml"
	executor   = "graph/generated/generated.go"
	resolvers  = "graph/*.resolvers.go"
)

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}

func run() error {
	cfg, err := config.LoadConfig(configFile)
	if err != nil {
		return fmt.Errorf("loading %s: %w", configFile, err)
	}
	if err := api.Generate(cfg); err != nil {
		return fmt.Errorf("running gqlgen: %w", err)
	}
	src, err := os.ReadFile(executor)
	if err != nil {
		return err
	}
	if src, err = codegen.PatchGqlgen(src); err != nil {
		return fmt.Errorf("patching %s: %w", executor, err)
	}
	if err := os.WriteFile(executor, src, 0o644); err != nil {
		return err
	}
	return codegen.RewriteFiles(resolvers, func(src []byte) ([]byte, error) {
		return codegen.RenameAliasParams(src), nil
	})
}
