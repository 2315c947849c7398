package main

import (
	"flag"
	"fmt"
	"io"
	"kplay/cmd/kplay/siteserve"
	"log"
	"net"
	"net/http"
	"os"
	"time"
)

// serveMain is "kplay serve [-addr A] DIR".
func serveMain(args []string, stderr io.Writer) int {
	fset := flag.NewFlagSet("serve", flag.ContinueOnError)
	fset.SetOutput(stderr)
	addr := fset.String("addr", "127.0.0.1:8080", "address to listen on")
	if err := fset.Parse(args); err != nil {
		return 2
	}
	if fset.NArg() != 1 {
		fmt.Fprint(stderr, "usage: kplay serve [-addr 127.0.0.1:8080] DIR\n")
		return 2
	}
	dir := fset.Arg(0)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fmt.Fprintf(stderr, "kplay serve: %s is not a directory (run ./build.sh build first)\n", dir)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "kplay serve: %v\n", err)
		return 1
	}
	logger := log.New(stderr, "", log.LstdFlags)
	logger.Printf("serving %s at http://%s/", dir, ln.Addr())
	srv := &http.Server{
		Handler:           siteserve.Handler(os.DirFS(dir)),
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          logger,
	}
	if err := srv.Serve(ln); err != nil {
		fmt.Fprintf(stderr, "kplay serve: %v\n", err)
		return 1
	}
	return 0
}
