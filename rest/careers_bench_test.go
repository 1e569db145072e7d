package rest_test

import (
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// BenchmarkCareersList measures GET of the careers list, over HTTP, for a
// company with 500 published positions, each with a location.
//
//	go test ./rest -run '^$' -bench CareersList -benchmem
func BenchmarkCareersList(b *testing.B) {
	env := hiregraphtest.NewWithConfig(b, func(c *server.Config) { c.CareersRatePerMinute, c.CareersBurst = 1e9, 1e9 })
	ctx := asCompany(env)
	loc := env.DB.Client.Location.Query().FirstX(ctx)
	builders := make([]*ent.PositionCreate, 500)
	for i := range builders {
		builders[i] = env.DB.Client.Position.Create().
			SetName(fmt.Sprintf("Position %03d", i)).SetIsPublished(true).SetDepartment("Engineering").
			SetLocation(loc).
			SetCategories([]schematype.NamedValue{{Name: "Team", Value: "Platform", Order: 1}}).
			SetDetails([]schematype.NamedValue{{Name: "Job description", Value: "<p>Build <b>robots</b>.</p>", Order: 1}})
	}
	env.DB.Client.Position.CreateBulk(builders...).SaveX(ctx)
	for _, details := range []string{"false", "true"} {
		b.Run("details="+details, func(b *testing.B) {
			url := env.URL(careersPath(env, "", "&details="+details))
			for b.Loop() {
				resp, err := http.Get(url)
				if err != nil {
					b.Fatal(err)
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Fatalf("status %d", resp.StatusCode)
				}
				b.SetBytes(n)
			}
		})
	}
}
