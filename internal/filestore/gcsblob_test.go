//go:build gcs

package filestore_test

func init() { builtWith["gcs"] = true }
