//go:build s3

package filestore

// The S3 driver (s3://), also for S3-compatible stores (MinIO, Cloudflare
// R2, Google Cloud Storage's XML API) with ?endpoint=. It pulls in the AWS
// SDK, so only builds with -tags s3 have it.
import _ "gocloud.dev/blob/s3blob"
