package server_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/server"
)

// racers is how many identical requests each race test sends at once.
const racers = 50

// raceEnv is a server whose rate limits let racers requests through at
// once.
func raceEnv(t *testing.T) *hiregraphtest.Env {
	unlimited := ratelimit.Rate{PerMinute: 1 << 20, Burst: 1 << 20}
	return hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		c.APIRatePerMinute, c.APIBurst = 1<<20, 1<<20
		c.CareersRatePerMinute, c.CareersBurst = 1<<20, 1<<20
		c.ApplyAddressRate, c.ApplyCompanyRate = unlimited, unlimited
	})
}
