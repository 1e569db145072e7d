//go:build s3

package filestore_test

func init() { builtWith["s3"] = true }
