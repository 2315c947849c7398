//go:build js && wasm

// Command worker is kplay's Cloudflare Worker (docs/design.md §1): static assets
// come from dist/ through Workers static assets (wrangler.jsonc), and this
// program answers the dynamic routes of package links — short links kept
// in the Workers KV namespace LINKS, and oEmbed. It is built with
// github.com/syumai/workers and runs in workerd.
package main

import (
	"net/http"

	"github.com/syumai/workers"
	"github.com/syumai/workers/cloudflare"
	"github.com/syumai/workers/cloudflare/kv"

	"kplay/wasm/worker/links"
)

func main() {
	workers.Serve(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The bindings exist only inside a request's runtime context.
		s := &links.Server{KV: workersKV{}, Salt: cloudflare.Getenv("LINK_SALT")}
		s.Handler().ServeHTTP(w, r)
	}))
}

// workersKV is links.KV over the LINKS namespace.
type workersKV struct{}

// missing is what kv.Namespace.GetString returns for an absent key: the
// JavaScript null's String(). A stored link always starts with "s=", so no
// stored value can be mistaken for it.
const missing = "<null>"

func (workersKV) Get(key string) (string, bool, error) {
	ns, err := kv.NewNamespace("LINKS")
	if err != nil {
		return "", false, err
	}
	v, err := ns.GetString(key, nil)
	if err != nil || v == missing {
		return "", false, err
	}
	return v, true, nil
}

func (workersKV) Put(key, value string) error {
	ns, err := kv.NewNamespace("LINKS")
	if err != nil {
		return err
	}
	return ns.PutString(key, value, nil)
}
