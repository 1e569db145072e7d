package recruiting

import (
	"context"
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/ent/personexport"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/filestore"
)

// OrphanAge is how old a stored file without a row must be before the
// sweep deletes it: a file is written before its row, outside the
// transaction, so a younger one may be waiting for its commit.
const OrphanAge = time.Hour

// SweepFiles deletes the stored files older than OrphanAge that no row
// (a candidate's file, a person export) names: those of a process killed
// between storing a file and committing its row (or before deleting it
// after a failed transaction), and those whose delete after their row's
// failed. now is the time of the sweep; it
// returns how many files it deleted.
func SweepFiles(ctx context.Context, client *ent.Client, files *filestore.Store, now time.Time) (int, error) {
	// Rows of every company: the store is shared by all.
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	deleted := 0
	err := files.StoredBefore(ctx, now.Add(-OrphanAge), func(keys []string) error {
		named, err := client.CandidateFile.Query().Where(candidatefile.StorageKeyIn(keys...)).
			Select(candidatefile.FieldStorageKey).Strings(ctx)
		if err != nil {
			return fmt.Errorf("looking up stored files: %w", err)
		}
		// Person exports' archives are rows' files too.
		archives, err := client.PersonExport.Query().Where(personexport.StorageKeyIn(keys...)).
			Select(personexport.FieldStorageKey).Strings(ctx)
		if err != nil {
			return fmt.Errorf("looking up stored exports: %w", err)
		}
		named = append(named, archives...)
		has := make(map[string]bool, len(named))
		for _, k := range named {
			has[k] = true
		}
		for _, k := range keys {
			if has[k] {
				continue
			}
			if err := files.Delete(ctx, k); err != nil {
				return err
			}
			deleted++
		}
		return nil
	})
	return deleted, err
}
