package main

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// healthcheckCmd asks a running server whether it is ready. Container
// images without a shell or curl (distroless) run it as their HEALTHCHECK.
type healthcheckCmd struct {
	URL     string        `name:"url" env:"HIREGRAPH_HEALTHCHECK_URL" default:"http://127.0.0.1:8080/readyz" help:"Readiness URL of the server to ask."`
	Timeout time.Duration `name:"timeout" default:"3s" help:"Longest wait for the answer."`
}

func (c *healthcheckCmd) Run(a *app) error {
	ctx, cancel := context.WithTimeout(a.ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL, nil)
	if err != nil {
		return fmt.Errorf("--url %s: %w", c.URL, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", c.URL, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s", c.URL, resp.Status)
	}
	fmt.Fprintf(a.stdout, "%s: ready\n", c.URL)
	return nil
}
